/**
 * antd's number input (with rc-input-number and its decimal maths, about 7 kB gzip): a chunk of its
 * own, so that a list's rows do not wait for it (the collection-order list's number filters, folded
 * away at first, hold their place until it is in); LazyInput.tsx shows it (parts.ts loads it).
 */
import { InputNumber } from 'antd';

export interface NumberInputProps {
  value?: any;
  onChange?: (value: any) => void;
  id?: string;
}

export default function NumberInput(props: NumberInputProps) {
  return <InputNumber style={{ width: '100%' }} {...props} />;
}
