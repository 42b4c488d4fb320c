/** The engine worker's entry: the shared transfer handlers, then the engine. */
import { expose, transferHandlers } from 'comlink';
import { registerTransfers } from '../src/domain/transfers';
import { engine } from './engine';

registerTransfers(transferHandlers);
expose(engine);
