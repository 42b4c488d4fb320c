/** The Firebase settings this build was made with (see settings.ts for how they are worked out). */
import { type RemoteSettings, resolveRemoteSettings } from './settings';

export type { RemoteSettings } from './settings';

export const remoteConfig = (): RemoteSettings => resolveRemoteSettings(import.meta.env);
