import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountRoutes } from '@pw/contracts';
import { renderAtRoute } from '@/test/render';
import { fakeApi, routeKey } from '@/test/fake-api';
import { UserChangePasswordPage } from './ChangePasswordPage';

describe('change password', () => {
  it('a wrong old password is said once, under Current Password', async () => {
    const wrong = 'The old password is incorrect.';
    fakeApi({
      [routeKey(accountRoutes.userChangePassword)]: () => ({
        status: 422,
        body: { message: wrong, errors: { old_password: [wrong] } },
      }),
    });
    const user = userEvent.setup();
    renderAtRoute(
      '/user/profile/change-password',
      <UserChangePasswordPage />,
      '/user/profile/change-password',
    );
    await user.type(await screen.findByLabelText(/Current Password/), 'not-my-password');
    await user.type(screen.getByLabelText(/New Password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/Confirm Password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: /Update|Change/ }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(screen.getAllByText(wrong)).toHaveLength(1);
    expect(screen.getByLabelText(/Current Password/)).toHaveAccessibleDescription(
      expect.stringContaining(wrong),
    );
  });
});
