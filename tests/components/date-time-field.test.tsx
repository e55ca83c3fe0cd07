// @vitest-environment happy-dom
/**
 * Days and times in the console's language (issue 30, point 7; decisions 0036 and 0055): in the
 * English console (the test browser's language) the day is written '27 November 2026' and may be
 * typed as '2026-12-01'; the time is a 24-hour 'HH:mm' that takes '9.30' and says what it expects
 * of anything else; the field's value stays a local "yyyy-MM-dd'T'HH:mm".
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTimeField, timeFormatText } from '../../core/client/DateTimeField';

setIconOptions({ disableWarnings: true });
afterEach(cleanup);

function Field({ onChange }: { onChange(value: string): void }) {
  const [value, setValue] = useState('2026-11-27T21:41');
  return (
    <DateTimeField
      label="Publish date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('a day and time field', () => {
  it('writes the day in the console language and the time in 24 hours', () => {
    render(<Field onChange={() => undefined} />);
    expect((screen.getByRole('combobox', { name: 'Publish date' }) as HTMLInputElement).value).toBe('27 November 2026');
    expect((screen.getByRole('textbox', { name: 'Publish date time' }) as HTMLInputElement).value).toBe('21:41');
  });

  it('takes a typed time and a typed day, and says what a time should look like', async () => {
    const changed = vi.fn();
    render(<Field onChange={changed} />);
    const time = screen.getByRole('textbox', { name: 'Publish date time' });
    fireEvent.change(time, { target: { value: '9.30' } });
    expect(changed).toHaveBeenLastCalledWith('2026-11-27T09:30');
    fireEvent.change(time, { target: { value: '25:00' } });
    expect(await screen.findByText(timeFormatText)).toBeTruthy();
    expect(changed).toHaveBeenCalledTimes(1);
    const day = screen.getByRole('combobox', { name: 'Publish date' });
    fireEvent.change(day, { target: { value: '2026-12-01' } });
    fireEvent.blur(day);
    expect(changed).toHaveBeenLastCalledWith('2026-12-01T09:30');
    expect((day as HTMLInputElement).value).toBe('01 December 2026');
  });
});
