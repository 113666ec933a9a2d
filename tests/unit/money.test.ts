import { describe, expect, it } from 'vitest';
import { addDecimal, formatMinor, formatRate, majorToMinor, microToUsdt, minorToMajor, usdtToMicro } from '../../providers/money';

describe('money scaling is exact', () => {
  it.each([
    ['0.07', 7],
    ['19.99', 1999],
    ['1234567.89', 123456789],
    ['0.1', 10],
    [0.07, 7],
    [19.99, 1999],
    [1234567.89, 123456789],
  ])('%s major -> %s minor', (major, minor) => {
    expect(majorToMinor(major)).toBe(minor);
  });

  it('shows minor units divided by 100', () => {
    expect(minorToMajor(7)).toBe('0.07');
    expect(minorToMajor(1999)).toBe('19.99');
    expect(minorToMajor(123456789)).toBe('1234567.89');
    expect(minorToMajor(-5)).toBe('-0.05');
    expect(formatMinor(123456789)).toBe('1,234,567.89');
    expect(formatMinor(null)).toBe('-');
  });

  it('adds without float error', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(addDecimal('19.99', '0.0001')).toBe('19.9901');
    expect(addDecimal('0.07', '0.0001')).toBe('0.0701');
  });

  it('scales USDT to micro units and back', () => {
    expect(usdtToMicro('1.5')).toBe(1_500_000);
    expect(usdtToMicro('0.000001')).toBe(1);
    expect(microToUsdt(1_500_000)).toBe('1.500000');
  });

  it('shows rates as per mille', () => {
    expect(formatRate(0.005)).toBe('5‰');
    expect(formatRate('0.0125')).toBe('12.5‰');
  });

  it('refuses text that is not a number', () => {
    expect(() => majorToMinor('abc')).toThrow();
    expect(() => majorToMinor('')).toThrow();
  });
});
