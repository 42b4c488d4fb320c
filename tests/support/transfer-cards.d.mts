import type { CardData, PlainCard } from '../../src/domain/card';

export declare const BACKUP_PASSPHRASE: string;
export declare const visaData: CardData;
export declare function twoCards(second?: Partial<CardData>, modifiedAt?: readonly [number, number]): PlainCard[];
export declare const backupCards: PlainCard[];
