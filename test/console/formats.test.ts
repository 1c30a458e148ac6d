import { describe, expect, it } from 'vitest';
import { dayOf, dayStart, formatDocument, formatPostalCode, formatsFor, nextDay, zonedInstant } from '../../console/src/i18n/formats.js';

const SAO_PAULO = 'America/Sao_Paulo';

describe('the console formats', () => {
  it('writes instants as dd/mm/aaaa 24 h in the chosen time zone, in both languages', () => {
    const instant = '2026-11-24T17:03:05.000Z';
    expect(formatsFor('pt-BR', SAO_PAULO).dateTime(instant)).toBe('24/11/2026 14:03:05');
    expect(formatsFor('en', SAO_PAULO).dateTime(instant)).toBe('24/11/2026 14:03:05');
    expect(formatsFor('pt-BR', 'America/Rio_Branco').dateTime(instant)).toBe('24/11/2026 12:03:05');
    expect(formatsFor('pt-BR', SAO_PAULO).dateTime('2026-01-02T02:30:00.000Z')).toBe('01/01/2026 23:30:00');
  });

  it('writes money as R$ 1.234,56 from the decimal string, without rounding through a float', () => {
    const money = formatsFor('pt-BR', SAO_PAULO).money;
    expect(money('1234.56')).toBe('R$\u00a01.234,56');
    expect(money('0.10')).toBe('R$\u00a00,10');
    expect(money('-5.00')).toBe('-R$\u00a05,00');
    // 2^53 is about 9.0e15: as a float this would read 100.000.000.000.000,00.
    expect(money('99999999999999.99')).toBe('R$\u00a099.999.999.999.999,99');
    expect(formatsFor('en', SAO_PAULO).money('1234.56')).toBe('R$1,234.56');
  });

  it('masks CPF, CNPJ (numeric and alphanumeric) and CEP, and leaves anything else as it came', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('1234')).toBe('1234');
    expect(formatDocument('529.982.247-25')).toBe('529.982.247-25');
    expect(formatPostalCode('01310100')).toBe('01310-100');
    expect(formatPostalCode('SW1A 1AA')).toBe('SW1A 1AA');
  });

  it('finds where a day starts in the time zone, also on a day whose midnight the clocks skipped or repeated', () => {
    expect(dayStart('2026-11-24', SAO_PAULO)).toBe('2026-11-24T03:00:00.000Z');
    expect(dayStart('2026-11-24', 'America/Rio_Branco')).toBe('2026-11-24T05:00:00.000Z');
    expect(dayStart('2026-11-24', 'UTC')).toBe('2026-11-24T00:00:00.000Z');
    // Summer time began at midnight of 4 Nov 2018: that day started at 01:00 (UTC−2).
    expect(dayStart('2018-11-04', SAO_PAULO)).toBe('2018-11-04T03:00:00.000Z');
    // It ended at midnight of 17 Feb 2019 (back to 23:00 of the 16th): the 16th started at 00:00 UTC−2, the 17th at 00:00 UTC−3.
    expect(dayStart('2019-02-16', SAO_PAULO)).toBe('2019-02-16T02:00:00.000Z');
    expect(dayStart('2019-02-17', SAO_PAULO)).toBe('2019-02-17T03:00:00.000Z');
  });

  it('reads a wall-clock time in the chosen time zone, whatever the browser\'s', () => {
    expect(zonedInstant('2026-11-24T14:30', SAO_PAULO)).toBe('2026-11-24T17:30:00.000Z');
    expect(zonedInstant('2026-11-24T23:59', 'America/Rio_Branco')).toBe('2026-11-25T04:59:00.000Z');
    expect(zonedInstant('2026-11-24T14:30', 'UTC')).toBe('2026-11-24T14:30:00.000Z');
    // In summer time (UTC−2) and out of it, on either side of its end at midnight of 17 Feb 2019.
    expect(zonedInstant('2019-02-16T12:00', SAO_PAULO)).toBe('2019-02-16T14:00:00.000Z');
    expect(zonedInstant('2019-02-17T12:00', SAO_PAULO)).toBe('2019-02-17T15:00:00.000Z');
  });

  it('reads the calendar day of an instant in the time zone, and the day after', () => {
    expect(dayOf(new Date('2026-11-25T02:59:59.000Z'), SAO_PAULO)).toBe('2026-11-24');
    expect(dayOf(new Date('2026-11-25T03:00:00.000Z'), SAO_PAULO)).toBe('2026-11-25');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});
