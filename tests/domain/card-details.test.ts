import { describe, expect, it } from 'vitest';
import {
  type CardDetails,
  hasDetails,
  NO_DETAILS,
  normaliseDetails,
  readDetailsPlain,
  websiteHref,
  writeDetailsPlain,
} from '../../src/domain/card-details';
import { CardDetailsMessages, phoneHref, validateDetails } from '../../src/domain/card-details-rules';

const details = (change: Partial<CardDetails>): CardDetails => ({ ...NO_DETAILS, ...change });

describe('card details', () => {
  it('are all optional', () => {
    expect(validateDetails(NO_DETAILS)).toEqual({});
    expect(hasDetails(NO_DETAILS)).toBe(false);
    expect(hasDetails(details({ notes: 'travel card' }))).toBe(true);
  });

  it('take a card PIN of 4 to 12 digits', () => {
    for (const pin of ['0000', '123456789012']) expect(validateDetails(details({ pin }))).toEqual({});
    for (const pin of ['123', '1234567890123', '12a4', '12 34']) {
      expect(validateDetails(details({ pin })).pin).toBe(CardDetailsMessages.pin);
    }
  });

  it('take notes up to 1,000 characters, an emoji or accent counting as one', () => {
    expect(validateDetails(details({ notes: '😀'.repeat(1000) }))).toEqual({});
    expect(validateDetails(details({ notes: 'é'.repeat(1001) })).notes).toBe(CardDetailsMessages.notes);
  });

  it('take valid from as MM/YY with a real month', () => {
    expect(validateDetails(details({ validFrom: '01/24' }))).toEqual({});
    expect(validateDetails(details({ validFrom: '1/24' })).validFrom).toBe(CardDetailsMessages.validFrom);
    expect(validateDetails(details({ validFrom: '13/24' })).validFrom).toBe(CardDetailsMessages.validFromMonth);
  });

  it('call the bank on a tel: link of its digits', () => {
    expect(phoneHref('+44 (0)20 7946-0000')).toBe('tel:+4402079460000');
    expect(phoneHref('1800 123 456')).toBe('tel:1800123456');
    expect(phoneHref('call me')).toBeNull();
    expect(phoneHref('12')).toBeNull();
    expect(validateDetails(details({ phone: 'ring 555' })).phone).toBe(CardDetailsMessages.phone);
  });

  it('open only http(s) websites, https added when none is typed', () => {
    expect(websiteHref('bank.example/help')).toBe('https://bank.example/help');
    expect(websiteHref('http://bank.example')).toBe('http://bank.example/');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'localhost', 'https://user:pw@bank.example']) {
      expect(websiteHref(bad)).toBeNull();
    }
    expect(validateDetails(details({ website: 'javascript:alert(1)' })).website).toBe(CardDetailsMessages.website);
  });

  it('are stored trimmed, a note keeping its own line breaks', () => {
    expect(
      normaliseDetails({
        pin: ' 1234 ',
        notes: ' first\nsecond ',
        validFrom: '02/25',
        phone: ' 1800  123 ',
        website: 'bank.example',
      }),
    ).toEqual({
      pin: '1234',
      notes: 'first\nsecond',
      validFrom: '02/25',
      phone: '1800 123',
      website: 'https://bank.example/',
    });
  });
});

describe('a details record plaintext', () => {
  it('round-trips, leaving out empty fields and keeping fields this version does not know', () => {
    const opened = readDetailsPlain({ pin: '4321', notes: 'ß 😀', later: { kept: true } });
    expect(opened).toEqual({ details: details({ pin: '4321', notes: 'ß 😀' }), unknown: { later: { kept: true } } });
    if (!opened) return;
    const edited = { ...opened, details: { ...opened.details, pin: '' } };
    expect(writeDetailsPlain(edited)).toEqual({ notes: 'ß 😀', later: { kept: true } });
  });

  it('is refused when it is not an object of strings', () => {
    for (const bad of [null, 'pin', [], { pin: 1234 }]) expect(readDetailsPlain(bad)).toBeNull();
  });
});
