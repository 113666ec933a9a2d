/** The input for one declared field in a form or filter. */
import { Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration } from '../../../resources/types';
import { FormSelect } from './FormSelect';
import { MoneyInput } from './MoneyInput';
import { useOptions } from './useOptions';
import { LazyInput } from './LazyInput';
import { datePickers, numberInput } from './parts';

interface Props {
  field: FieldDeclaration;
  mode: 'form' | 'filter';
  value?: any;
  /** Forms bind switches through `checked` (Form.Item valuePropName). */
  checked?: boolean;
  onChange?: (value: any) => void;
  id?: string;
}

export function FieldInput({ field, mode, checked, ...rest }: Props) {
  const { t } = useTranslation();
  const options = useOptions(field.type === 'enum' ? field.options : undefined);
  switch (field.type) {
    case 'enum':
      return <FormSelect allowClear showSearch optionFilterProp="label" mode={field.multiple ? 'multiple' : undefined} options={options} placeholder={t('common.select')} {...rest} />;
    case 'boolean':
      return mode === 'filter' ? (
        <FormSelect allowClear placeholder={t('common.select')} options={[{ value: true, label: t('common.yes') }, { value: false, label: t('common.no') }]} {...rest} />
      ) : (
        <Switch checked={Boolean(checked ?? rest.value)} onChange={rest.onChange} id={rest.id} />
      );
    case 'datetime':
      return <LazyInput part={datePickers} range={mode === 'filter' && field.filter === 'range'} {...rest} />;
    case 'number':
      return <LazyInput part={numberInput} {...rest} />;
    case 'money':
    case 'usdt':
    case 'rate':
      if (field.integerUnits && mode === 'form' && field.type !== 'rate') return <MoneyInput usdt={field.type === 'usdt'} {...rest} />;
      // Typed as text so no float rounding touches the amount; the schema checks the format.
      return <Input inputMode="decimal" allowClear={mode === 'filter'} {...rest} />;
    case 'password':
    case 'secret':
      return <Input.Password autoComplete="new-password" {...rest} />;
    default:
      if (field.multiline && mode === 'form') return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} {...rest} />;
      return <Input allowClear={mode === 'filter'} {...rest} />;
  }
}
