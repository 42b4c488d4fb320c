/** The engine worker's entry: errors keep their kind and cause across the boundary, then the engine is exposed. */
import { expose } from 'comlink';
import { engine } from './engine';
import { registerErrorTransfer } from './transfer-errors';

registerErrorTransfer();
expose(engine);
