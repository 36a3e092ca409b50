import envelope from 'bootstrap-icons/icons/envelope.svg?raw';
import telephone from 'bootstrap-icons/icons/telephone.svg?raw';
import geo from 'bootstrap-icons/icons/geo-alt.svg?raw';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { useFocusOnFailure } from '@/components/form/form-errors';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { Icon } from '@/components/Icon';
import { useSessionUser } from '@/lib/session';
import { SITE } from '@/lib/site-config';
import { useTitle } from '@/lib/use-title';
import { contactUsBody } from '@pw/contracts';
import { useSendContact, type ContactInput } from '../api/send-contact';

/** The form's fields: their errors show at the field, any other above the form. */
const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * /contact-us: name, email, subject, message; a success dialog, or each error once (at its field, focus
 * on the first; anything else in red above the form).
 */
export function ContactUsPage() {
  useTitle('Contact Us');
  const user = useSessionUser();
  const dialog = useDialog();
  const mutation = useSendContact();
  const blank = (): ContactInput => ({
    name: user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  });
  const failure = mutation.isError ? mutation.error : null;
  // Checked with the contract's body first: what it refuses shows at the field, in the server's words.
  const { field, handleSubmit, reset, summary } = useBodyForm<ContactInput>({
    schema: contactUsBody,
    defaultValues: blank(),
    failure,
    fields: CONTACT_FIELDS,
  });
  const focus = useFocusOnFailure<HTMLFormElement, HTMLDivElement>(failure);

  const submit = handleSubmit((values) =>
    mutation.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      },
      {
        onSuccess: async (response) => {
          reset(blank());
          mutation.reset();
          await dialog({
            variant: 'success',
            title: 'Message Sent',
            text: response?.message || 'Thank you for writing to us. We will get back to you soon.',
          });
        },
      },
    ),
  );

  return (
    <div className="container py-5">
      {/* A horizontal gutter wider than the container's padding (g-5: 1.5rem a side against 0.75rem)
          pushes the row past the screen on phones; the wide gutter only where there is room for it. */}
      <div className="row gx-4 gx-lg-5 gy-5">
        <div className="col-lg-5">
          <p className="eyebrow">We are here to help</p>
          <h1>Contact Us</h1>
          <p className="lead">
            Questions about your account, a delivery, or how Parting Words works? Send us a message and a
            member of our team will reply by e-mail.
          </p>
          <ul className="list-unstyled contact-list mt-4">
            <li>
              <Icon svg={envelope} className="me-2 text-primary" />
              <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
            </li>
            <li>
              <Icon svg={telephone} className="me-2 text-primary" />
              <a href={`tel:${SITE.supportPhone.replace(/[^\d+]/g, '')}`}>{SITE.supportPhone}</a>
            </li>
            <li>
              <Icon svg={geo} className="me-2 text-primary" />
              {SITE.address}
            </li>
          </ul>
        </div>
        <div className="col-lg-7">
          <div className="card">
            <div className="card-body p-4">
              <form ref={focus.form} onSubmit={(event) => void submit(event)}>
                <FormError ref={focus.summary} message={summary} className={summary ? 'mb-3' : ''} />
                <TextField id="contact-name" label="Name" autoComplete="name" required {...field('name')} />
                <TextField
                  id="contact-email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  {...field('email')}
                />
                <TextField id="contact-subject" label="Subject" required {...field('subject')} />
                <TextAreaField id="contact-message" label="Message" rows={6} required {...field('message')} />
                <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
                  {mutation.isPending ? 'Sending…' : 'Send Message'}
                </button>
              </form>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
