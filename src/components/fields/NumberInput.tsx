/**
 * antd's number input (with rc-input-number and its decimal maths, about 7 kB gzip): a chunk of its
 * own, as no list filter of the shell's first screen needs it; LazyInput.tsx shows it (parts.ts
 * loads it).
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
