// @vitest-environment happy-dom
/**
 * Toasts (issue 31): the same message shown again does not stack a copy, so a form's validation
 * toast pressed twice is one toast; different messages stack, four at most.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, Toaster } from '../../core/client/toasts';

setIconOptions({ disableWarnings: true });
afterEach(cleanup);

describe('toasts', () => {
  it('shows a repeated message once, and different messages each', async () => {
    render(<Toaster />);
    act(() => {
      toast('error', 'Error!', 'Cover image is required.');
      toast('error', 'Error!', 'Cover image is required.');
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => toast('error', 'Error!', 'Title is required.'));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    // (Fluent's MessageBar writes its text a moment after it appears, for screen readers.)
    expect(await screen.findAllByText('Cover image is required.')).toHaveLength(1);
    expect(await screen.findAllByText('Title is required.')).toHaveLength(1);
    act(() => {
      for (const text of ['a', 'b', 'c', 'd']) toast('info', 'Note', text);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(4);
  });
});
