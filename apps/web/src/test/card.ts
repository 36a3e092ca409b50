import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

const NUMBER = '4242 4242 4242 4242';

/** The test card as the payment form sends it. */
export const testCard = (holder = 'Ruth Tester', number = NUMBER) => ({
  card_holder_name: holder,
  card_no: number,
  expiry_date: '12/30',
  cvv: '123',
});

/** Types the test card into the payment form on screen, once the form is there (Pay is left to the test). */
export async function typeCard(
  user: ReturnType<typeof userEvent.setup>,
  { holder = 'Ruth Tester', number = NUMBER }: { holder?: string; number?: string } = {},
) {
  await user.type(await screen.findByLabelText(/Card Holder Name/), holder);
  await user.type(screen.getByLabelText(/Card Number/), number);
  await user.type(screen.getByLabelText(/Expiry Date/), '12/30');
  await user.type(screen.getByLabelText(/CVV/), '123');
}
