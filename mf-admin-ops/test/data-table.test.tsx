// @vitest-environment jsdom
// A list table scrolls sideways on a narrow screen, so its scrolling box must be reachable by keyboard
// (axe's scrollable-region-focusable, seen failing on Orders and Audio Files at phone width).
import { renderWithProviders } from '@mastering/ui/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../src/components/data-table';

describe('DataTable', () => {
  it('wraps the table in a named region a keyboard can focus', () => {
    renderWithProviders(
      <DataTable
        label="Orders"
        columns={[{ id: 'name', header: 'Name', accessorFn: (row: { name: string }) => row.name }]}
        rows={[{ name: 'First order' }]}
        rowId={(row) => row.name}
        empty="No orders"
      />,
    );
    const region = screen.getByRole('region', { name: 'Orders' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).not.toBeNull();
    expect(region.textContent).toContain('First order');
  });
});
