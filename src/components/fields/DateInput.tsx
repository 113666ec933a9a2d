/**
 * antd's date and range pickers (with rc-picker, about 30 kB gzip): a chunk of their own, so the
 * shell does not carry it; LazyDateInput.tsx shows it (datePickers.ts loads it).
 */
import { DatePicker } from 'antd';

export default function DateInput({ range, ...rest }: { range: boolean; value?: any; onChange?: (value: any) => void; id?: string }) {
  return range ? <DatePicker.RangePicker showTime {...rest} /> : <DatePicker showTime {...rest} />;
}
