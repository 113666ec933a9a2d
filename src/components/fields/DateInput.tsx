/**
 * antd's date and range pickers (with rc-picker, about 30 kB gzip): a chunk of their own, so the
 * shell does not carry it; LazyInput.tsx shows it (parts.ts loads it).
 */
import { DatePicker } from 'antd';
import './dayjs-locale';

export interface DateInputProps {
  range: boolean;
  value?: any;
  onChange?: (value: any) => void;
  id?: string;
}

export default function DateInput({ range, ...rest }: DateInputProps) {
  return range ? <DatePicker.RangePicker showTime {...rest} /> : <DatePicker showTime {...rest} />;
}
