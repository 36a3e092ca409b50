import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { PaymentCardForm } from './PaymentCardForm';
import { testCard, typeCard } from '@/test/card';

const setup = () => {
  const onSubmit = vi.fn();
  renderWithApp(<PaymentCardForm amount="4.99" submitting={false} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
};

describe('PaymentCardForm', () => {
  it('sends nothing until all four fields are filled', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText(/field is required/i)).toHaveLength(4);
  });

  it('refuses a card number or CVV that is not a number, and a CVV of four digits cannot be typed', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Card Holder Name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Card Number/), '4242 abcd');
    await user.type(screen.getByLabelText(/Expiry Date/), '12/30');
    await user.type(screen.getByLabelText(/CVV/), '1234');
    expect(screen.getByLabelText(/CVV/)).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect(await screen.findByText('The card number must be a number.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the card as typed once it is complete', async () => {
    const { onSubmit, user } = setup();
    await typeCard(user, { holder: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect(onSubmit).toHaveBeenCalledWith(testCard('Ada Lovelace'));
  });

  it("says a refusal once, under the field it names ('Your card has expired.' under Expiry Date)", () => {
    const expired = 'Your card has expired.';
    renderWithApp(
      <PaymentCardForm
        amount="4.99"
        submitting={false}
        onSubmit={vi.fn()}
        serverError={expired}
        serverFieldErrors={{ expiry_date: expired }}
      />,
    );
    expect(screen.getAllByText(expired)).toHaveLength(1);
    expect(screen.getByLabelText(/Expiry Date/)).toHaveAccessibleDescription(
      expect.stringContaining(expired),
    );
  });

  it('a refusal that names no field is said under the button', () => {
    renderWithApp(
      <PaymentCardForm
        amount="4.99"
        submitting={false}
        onSubmit={vi.fn()}
        serverError="Payment service unavailable."
      />,
    );
    expect(screen.getByText('Payment service unavailable.')).toHaveClass('text-danger');
  });
});
