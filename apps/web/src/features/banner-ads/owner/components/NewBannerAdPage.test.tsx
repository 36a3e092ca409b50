import { bannerAdRoutes } from '@pw/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { BANNER_AREAS } from '../model/banner-areas';
import { checkBannerAd, NewBannerAdPage } from './NewBannerAdPage';
import { bannerAd } from '@/test/banner-ad-fixture';

const png = (name: string) => new File([`png ${name}`], name, { type: 'image/png' });

function renderForm(role: 'user' | 'funeral-home' = 'user') {
  const area = BANNER_AREAS[role];
  renderWithApp(
    <Routes>
      <Route path={`${area.base}/new`} element={<NewBannerAdPage area={area} />} />
      <Route path={`${area.base}/:id`} element={<p>Ad page</p>} />
    </Routes>,
    { route: `${area.base}/new` },
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, url = 'www.acme.test/spring') {
  await user.type(screen.getByLabelText(/Brand Name/), 'Acme Flowers');
  await user.type(screen.getByLabelText(/Brand Email/), 'hello@acme.test');
  await user.type(screen.getByLabelText(/Brand URL/), url);
  await user.upload(screen.getByLabelText(/Images/), [png('a.png'), png('b.png')]);
}

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === 'POST');

describe('the banner request rules', () => {
  it('needs each field and an image, a valid e-mail, and a URL of the spec’s pattern', () => {
    const ok = { brand_name: 'A', brand_email: 'a@b.co', brand_url: 'acme.test' };
    expect(checkBannerAd(ok, [png('a.png')])).toEqual({});
    expect(checkBannerAd({ ...ok, brand_url: 'https://www.acme.co.uk/path?q=1' }, [png('a.png')])).toEqual(
      {},
    );
    for (const bad of ['acme', 'javascript:alert(1)', 'http://acme.c', 'ftp://acme.test', 'acme .test']) {
      expect(checkBannerAd({ ...ok, brand_url: bad }, [png('a.png')]).brand_url).toBe('URL is Incorrect!');
    }
    expect(checkBannerAd({ brand_name: ' ', brand_email: 'nope', brand_url: '' }, [])).toEqual({
      brand_name: 'The brand name field is required.',
      brand_email: 'Please enter a valid e-mail address.',
      brand_url: 'The brand url field is required.',
      images: 'The images field is required.',
    });
  });
});

describe('NewBannerAdPage (banner-ads/new)', () => {
  it('says what a banner is, where it shows and that the price comes after approval; previews keep their shape', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderForm();
    const about = screen.getByRole('region', { name: 'About banner ads' });
    expect(about).toHaveTextContent('A banner is your image with a link to your website');
    expect(about).toHaveTextContent(
      'signed-in people without an ad-free plan, on the pages they browse: the home page, their folders and their notifications',
    );
    expect(about).toHaveTextContent('Sending a request costs nothing');
    expect(about).toHaveTextContent('once it is approved you choose a package (its price');
    expect(screen.getByLabelText(/Images/)).toHaveAccessibleDescription(
      /Wide images suit a banner best: each is shown whole, never cropped\./,
    );
    await user.upload(screen.getByLabelText(/Images/), [png('wide.png')]);
    // The square crop of the profile photo is not used: the stylesheet keeps the image's own shape.
    const preview = screen.getByAltText('Selected: wide.png');
    expect(preview).toHaveClass('image-preview-natural');
    expect(preview).not.toHaveClass('image-preview');
  });

  it('marks the four fields required and sends nothing while they are empty', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();
    for (const label of [/Brand Name/, /Brand Email/, /Brand URL/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getAllByText('*')).toHaveLength(4);
    expect(screen.getByText('Upload Image JPG, JPEG max (15 MB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(screen.getByText('The brand name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The images field is required.')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);
  });

  it("reads 'URL is Incorrect!' for a URL off the pattern and sends nothing", async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();
    await fill(user, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(screen.getByText('URL is Incorrect!')).toBeInTheDocument();
    expect(screen.getByLabelText(/Brand URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(api)).toHaveLength(0);
  });

  it('refuses a file that is not an image and a fourth image with the uploader’s texts', async () => {
    fakeApi();
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    const input = screen.getByLabelText(/Images/);
    await user.upload(input, new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Only image files (jpg, png, gif, webp, svg) are allowed.')).toBeInTheDocument();
    await user.upload(input, [png('1.png'), png('2.png'), png('3.png')]);
    await user.upload(input, png('4.png'));
    expect(screen.getByText('You can only upload up to 3 files.')).toBeInTheDocument();
    expect(screen.getAllByAltText(/^Selected: /)).toHaveLength(3);
  });

  it('sends the fields and the images as multipart, says so, and opens the new request', async () => {
    const api = fakeApi({
      [routeKey(bannerAdRoutes.user.create)]: () => ({
        status: 201,
        body: { message: 'Your banner ad request has been sent.', data: bannerAd({ id: 77 }) },
      }),
    });
    const user = userEvent.setup();
    renderForm();
    await fill(user, '  www.acme.test/spring ');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByRole('heading', { name: 'Banner Ad Request Sent' })).toBeInTheDocument();
    const [sent] = posts(api);
    const form = sent!.body as FormData;
    expect(form.get('brand_name')).toBe('Acme Flowers');
    expect(form.get('brand_email')).toBe('hello@acme.test');
    expect(form.get('brand_url')).toBe('www.acme.test/spring');
    // (The test environment's FormData drops file names on the way; the contents are the files chosen.)
    const images = form.getAll('images') as Blob[];
    expect(await Promise.all(images.map((image) => image.text()))).toEqual(['png a.png', 'png b.png']);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Ad page')).toBeInTheDocument();
  });

  it("shows the server's field errors at their fields", async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.funeralHome.create)]: () => ({
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            images: ['The file is not an image.'],
            brand_email: ['Please enter a valid e-mail address.'],
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderForm('funeral-home');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('The file is not an image.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
  });

  it("falls back to 'Unkown Error Accured!' when the server gives no words", async () => {
    const api = fakeApi({ [routeKey(bannerAdRoutes.user.create)]: () => ({ status: 500, body: {} }) });
    const user = userEvent.setup();
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Unkown Error Accured!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Request' })).toBeEnabled());
    expect(posts(api)).toHaveLength(1);
  });
});
