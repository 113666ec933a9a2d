/**
 * antd's date and range pickers (with rc-picker, about 30 kB gzip): a chunk of their own that
 * FieldInput loads the first time a form or filter shows a time, so a list whose first screen
 * needs none (and the shell) does not wait for it.
 */
import { DatePicker } from 'antd';

export default function DateInput({ range, ...rest }: { range: boolean; value?: any; onChange?: (value: any) => void; id?: string }) {
  return range ? <DatePicker.RangePicker showTime {...rest} /> : <DatePicker showTime {...rest} />;
}
