/**
 * The type and status filters (spec sections 2 and 5): one type and one status at a time. Picking
 * a second one keeps the first and says 'You can only select one type' / '... one status'.
 */
import { Dropdown, type IDropdownOption } from '@fluentui/react';
import { toast } from '../toasts';
import { t } from '../words';

export interface FilterOption {
  key: string;
  text: string;
}

/**
 * A filter's options from the values' keys, each named as the spec's lists write it: 'scheduled' is
 * 'Scheduled' (English, shown through `t`: the core's catalog has the statuses' and types' words).
 */
export const filterOptions = (...keys: string[]): FilterOption[] => keys.map((key) => ({ key, text: `${key.charAt(0).toUpperCase()}${key.slice(1)}` }));

export interface ListFilter {
  /** The list call's parameter; 'type' or 'status' when left out. */
  param?: string;
  /** The dropdown's label; 'Type' or 'Status' when left out. */
  label?: string;
  options: FilterOption[];
}

export interface ListFilters {
  type?: ListFilter;
  status?: ListFilter;
}

export type FilterKind = keyof ListFilters;

export const onlyOneMessages: Record<FilterKind, string> = {
  type: 'You can only select one type',
  status: 'You can only select one status',
};

export const defaultFilterLabels: Record<FilterKind, string> = { type: 'Type', status: 'Status' };

/** A filter's dropdown: multi-select in look, one value in effect. */
export function FilterDropdown({
  kind,
  filter,
  value,
  onChange,
}: {
  kind: FilterKind;
  filter: ListFilter;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  const label = t(filter.label ?? defaultFilterLabels[kind]);
  const pick = (_event: unknown, option?: IDropdownOption) => {
    if (!option) return;
    const key = String(option.key);
    if (!option.selected) {
      if (key === value) onChange(undefined);
      return;
    }
    if (value !== undefined && value !== key) {
      toast('error', 'Error!', onlyOneMessages[kind]);
      return;
    }
    onChange(key);
  };
  return (
    <Dropdown
      multiSelect
      ariaLabel={label}
      placeholder={label}
      options={filter.options.map((option) => ({ key: option.key, text: t(option.text) }))}
      selectedKeys={value ? [value] : []}
      onChange={pick}
      styles={{ root: { width: 170 } }}
    />
  );
}
