// Every browser test starts from an empty device.
import { beforeEach } from 'vitest';

beforeEach(() => {
  localStorage.clear();
});
