"""What a synthetic line says: a card number in one of the groupings cards print, an expiry in the forms cards
print it, or a cardholder's name (a person's or a company's). Each returns the text as the label the reader must
learn (single spaces between groups and words) and how it is drawn (the gaps, in character widths)."""

import random as _random

# The groupings cards print, by length. A 19-digit number is printed 4-4-4-4-3, 5-4-5-5 or 6-13; an American
# Express 4-6-5; Diners' 14 digits 4-6-4. Four groups of four and one more group of up to four cover the rest.
GROUPINGS = [
    (4, 4, 4, 4),
    (4, 4, 4, 4),
    (4, 4, 4, 4),
    (4, 6, 5),
    (4, 6, 4),
    (4, 4, 4, 4, 3),
    (4, 4, 4, 4, 4),
    (4, 4, 4, 4, 2),
    (4, 4, 4, 4, 1),
    (5, 4, 5, 5),
    (6, 13),
    (4, 4, 4, 3),
]

# A number's first digits, so that the reader sees the prefixes cards carry most, but not only them.
PREFIXES = ['4', '5', '2', '3', '6', '60', '62', '65', '34', '37', '36', '81', '50', '']


def number(rng: _random.Random):
    groups = rng.choice(GROUPINGS)
    digits = rng.choice(PREFIXES)
    total = sum(groups)
    digits = (digits + ''.join(rng.choice('0123456789') for _ in range(total)))[:total]
    parts, at = [], 0
    for size in groups:
        parts.append(digits[at:at + size])
        at += size
    return ' '.join(parts), parts


def _date(rng, four_digit_year=False):
    month = f'{rng.randint(1, 12):02d}'
    year = rng.randint(2015, 2045)
    return f'{month}/{year if four_digit_year else f"{year % 100:02d}"}'


# Labels printed on the same line as the expiry. A label stacked in two tiny lines is drawn but not read (see lines.py).
LABELS = ['VALID THRU', 'GOOD THRU', 'EXPIRES', 'EXP', 'VALID TO', 'EXPIRES END', 'MONTH/YEAR', 'VALID UNTIL', 'THRU']


def expiry(rng: _random.Random):
    """The text of an expiry line and, for drawing, its parts: (text, is_label) pieces."""
    shape = rng.random()
    date = _date(rng, rng.random() < 0.2)
    if shape < 0.3:
        pieces = [(date, False)]
    elif shape < 0.7:
        pieces = [(rng.choice(LABELS), True), (date, False)]
    elif shape < 0.85:
        # Two dates, valid from and thru; the later is the expiry.
        start = _date(rng, '/' in date and len(date) == 7)
        pieces = [(rng.choice(['VALID FROM', 'FROM', 'MEMBER SINCE']), True), (start, False),
                  (rng.choice(['VALID THRU', 'THRU', 'GOOD THRU', 'EXPIRES']), True), (date, False)]
        if rng.random() < 0.4:
            pieces = [(start, False), (date, False)]
    else:
        pieces = [(date, False), (rng.choice(['', 'CVC 123', '123']), True)]
        pieces = [p for p in pieces if p[0]]
    return pieces


FIRST = ['ADA', 'GRACE', 'ALAN', 'KATHERINE', 'LINUS', 'MARIA', 'JOSE', 'CHLOE', 'NGOZI', 'WEI', 'AMELIA', 'OLIVER',
         'SAMUEL', 'ISABELLA', 'MOHAMMED', 'FATIMA', 'HIROSHI', 'YUKI', 'PRIYA', 'RAJ', 'SOFIA', 'LUCAS', 'EMMA',
         'NOAH', 'ZOE', 'IVAN', 'OLGA', 'PIERRE', 'CLAIRE', 'DIEGO', 'ANA', 'JOHN', 'MARY', 'PETER', 'SUSAN', 'KWAME',
         'ABIGAIL', 'XAVIER', 'QUENTIN', 'VALENTINA', 'BJORN', 'FREYA', 'TOMAS', 'ELIF', 'MEHMET', 'LIAM', 'AVA']
LAST = ['LOVELACE', 'HOPPER', 'TURING', 'JOHNSON', 'TORVALDS', 'GARCIA', 'SMITH', "O'NEIL", 'SMITH-JONES', 'NGUYEN',
        'MULLER', 'KOWALSKI', 'OKAFOR', 'TANAKA', 'PATEL', 'ROSSI', 'SILVA', 'IVANOV', 'DUBOIS', 'WILLIAMS', 'BROWN',
        'MACDONALD', 'VAN DER BERG', 'DE LA CRUZ', 'MCALLISTER', 'FITZGERALD', 'KING', 'WRIGHT', 'ZHANG', 'WANG',
        'JENSEN', 'ANDERSSON', 'OYELARAN', 'BAPTISTE', 'QUINN', 'YILMAZ', 'HERNANDEZ', 'LEE', 'KIM', 'PARK']
COMPANY = ['ACME TRADING LTD', 'NORTHWIND CO', 'BLUE RIVER LLC', 'HOPPER & SONS', 'GLOBEX CORP', 'INITECH INC',
           'SUNRISE BAKERY', 'KESTREL LOGISTICS', 'BHT PRODUCTIONS', 'MERIDIAN HEALTH', 'ORBIT MEDIA GROUP']


def _word(rng):
    # Made-up words keep the reader from learning a list of names instead of letters.
    letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    vowels = 'AEIOUY'
    size = rng.randint(2, 10)
    return ''.join(rng.choice(vowels if i % 2 else letters) for i in range(size))


def name(rng: _random.Random):
    shape = rng.random()
    if shape < 0.1:
        return rng.choice(COMPANY).replace('&', 'AND')
    first = rng.choice(FIRST) if rng.random() < 0.6 else _word(rng)
    last = rng.choice(LAST) if rng.random() < 0.6 else _word(rng)
    words = [first]
    if rng.random() < 0.3:
        words.append(rng.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ') + ('.' if rng.random() < 0.5 else ''))
    words.append(last)
    if rng.random() < 0.08:
        words.insert(0, rng.choice(['MR', 'MRS', 'MS', 'DR', 'MR.', 'DR.']))
    if rng.random() < 0.05:
        words.append(rng.choice(['JR', 'JR.', 'III', 'SR']))
    return ' '.join(words)
