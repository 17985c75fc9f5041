import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingLine } from '../../web/src/components/ui/spinner';

describe('a loading line says what the page waits for, to screen readers too', () => {
  it('is a status holding its text, with the spinner hidden from assistive technology', () => {
    render(<LoadingLine className="muted">Loading the order…</LoadingLine>);
    const line = screen.getByRole('status');
    expect(line).toHaveTextContent('Loading the order…');
    expect(line).toHaveClass('muted');
    expect(line.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
