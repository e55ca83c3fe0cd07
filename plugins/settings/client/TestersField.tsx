/** The testers: the publisher's staff who receive the newsletter's test e-mails. */
import { Dropdown, type IDropdownOption } from '@fluentui/react';
import { t } from '../../../core/client/words';
import type { Tester } from './newsletter-settings';

export interface TestersFieldProps {
  staff: Tester[];
  value: string[];
  onChange(ids: string[]): void;
  errorMessage?: string;
}

export function TestersField({ staff, value, onChange, errorMessage }: TestersFieldProps) {
  const options: IDropdownOption[] = staff.map((user) => ({ key: user._id, text: user.name ? `${user.name} (${user.email})` : user.email }));
  return (
    <Dropdown
      // The card around it carries the title.
      ariaLabel={t('TESTERS')}
      placeholder={t('Choose the people who receive test e-mails')}
      multiSelect
      options={options}
      selectedKeys={value}
      onChange={(_, option) => {
        if (!option) return;
        const id = String(option.key);
        onChange(option.selected ? [...value, id] : value.filter((other) => other !== id));
      }}
      errorMessage={errorMessage}
    />
  );
}
