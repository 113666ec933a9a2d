/**
 * The header's badges (src/common/HeaderBadge.tsx): a count hidden at zero, one figure round
 * and more as a pill, "99+" above 99 with the count in its title; a Tooltip around a badge opens on
 * hover, as around antd's Badge (its handlers and ref reach the badge's span).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip } from 'antd';
import { CountBadge, DotBadge } from '../../src/common/HeaderBadge';

afterEach(cleanup);

const mark = (testId: string) => screen.getByTestId(testId).querySelector('sup');

describe('the header badges', () => {
  it('show a count as antd does: none at zero, round for one figure, a pill beyond, 99+ above 99', () => {
    const { rerender } = render(<CountBadge count={0} data-testid="b" />);
    expect(mark('b')).toBeNull();
    rerender(<CountBadge count={5} data-testid="b" />);
    expect(mark('b')?.textContent).toBe('5');
    expect(mark('b')?.className).toBe('header-badge-count');
    rerender(<CountBadge count={120} data-testid="b" />);
    expect(mark('b')?.textContent).toBe('99+');
    expect(mark('b')?.getAttribute('title')).toBe('120');
    expect(mark('b')?.className).toContain('header-badge-count-wide');
    rerender(<DotBadge shown={false} data-testid="d" />);
    expect(mark('d')).toBeNull();
    rerender(<DotBadge shown data-testid="d" />);
    expect(mark('d')?.className).toBe('header-badge-dot');
  });

  it('let a Tooltip around them open on hover', async () => {
    render(
      <Tooltip title="Error log" mouseEnterDelay={0}>
        <CountBadge count={2} data-testid="b">
          <button type="button">bug</button>
        </CountBadge>
      </Tooltip>,
    );
    fireEvent.mouseEnter(screen.getByTestId('b'));
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Error log');
  });
});
