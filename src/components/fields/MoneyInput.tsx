/**
 * An amount input whose form value is an integer of minor units (or USDT micro units) while the
 * user types the major amount. Conversion is exact (providers/money.ts, digit strings, no float
 * math). Text that is not an amount is passed on as typed, so the schema refuses it with its reason.
 */
import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { CurrencyCode } from './Money';
import { isDecimal, majorToMinor, microToUsdt, minorToMajor, usdtToMicro } from '../../../providers/money';

interface Props {
  value?: number | string | null;
  onChange?: (value: number | string | null) => void;
  /** USDT: six decimals instead of two. */
  usdt?: boolean;
  id?: string;
}

export function MoneyInput({ value, onChange, usdt, ...rest }: Props) {
  const decimals = usdt ? 6 : 2;
  const toText = (v: Props['value']) => (typeof v === 'number' ? (usdt ? microToUsdt(v) : minorToMajor(v)) : (v ?? ''));
  const parse = (text: string): number | string | null => {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    if (!isDecimal(trimmed, decimals)) return text;
    return usdt ? usdtToMicro(trimmed) : majorToMinor(trimmed);
  };
  const [text, setText] = useState(() => toText(value));
  // A value set from outside (loaded record, form reset) replaces the text; our own edits do not.
  useEffect(() => {
    if (parse(text) !== (value ?? null)) setText(toText(value));
  }, [value]);
  return (
    <Input
      inputMode="decimal"
      // The unit the amount is typed in, beside it.
      suffix={<CurrencyCode usdt={usdt} />}
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(parse(e.target.value));
      }}
    />
  );
}
