import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { session } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { DashboardPage } from './DashboardPage';

const admin = (first_name: string) =>
  session.signIn(
    { id: 1, type: 'admin', email: 'admin@example.test', first_name, last_name: '', photo_path: null },
    't',
  );

describe('admin dashboard greeting', () => {
  it('greets the admin by first name', () => {
    admin('Morgan');
    renderWithApp(<DashboardPage />);
    expect(screen.getByText(/^Welcome back, Morgan\. Use the menu/)).toBeInTheDocument();
  });

  it('greets an admin without a name neutrally', () => {
    admin('');
    renderWithApp(<DashboardPage />);
    expect(screen.getByText(/^Welcome back\. Use the menu/)).toBeInTheDocument();
  });
});
