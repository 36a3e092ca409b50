import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import chevronLeft from 'bootstrap-icons/icons/chevron-left.svg?raw';
import chevronRight from 'bootstrap-icons/icons/chevron-right.svg?raw';
import { Icon } from '@/components/Icon';

/**
 * A banner request's images as thumbnails; each opens a viewer (docs/product.md §13.7: arrow keys move between
 * the images, Escape closes it). The links are signed and expire, so they are read fresh with the page.
 */
export function BannerAdImages({ images, brand }: { images: string[]; brand: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const count = images.length;
  const isOpen = open !== null;
  // While the viewer is open the arrow keys move between the images (Escape is the modal's own).
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      setOpen((current) => (current === null ? null : (current + step + count) % count));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen, count]);
  if (count === 0) return <p className="text-body-secondary mb-0">No images.</p>;
  const move = (step: number) =>
    setOpen((current) => (current === null ? null : (current + step + count) % count));
  const name = (index: number) => `${brand}, image ${index + 1} of ${count}`;
  return (
    <>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {images.map((url, index) => (
          <li key={url}>
            <button
              type="button"
              className="btn p-0 border-0"
              onClick={() => setOpen(index)}
              aria-label={`Open ${name(index)}`}
            >
              <img src={url} alt="" className="banner-thumb" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        show={open !== null}
        onHide={() => setOpen(null)}
        centered
        size="lg"
        aria-label={open === null ? 'Image viewer' : name(open)}
      >
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title as="h2" className="h6 mb-0">
            {open === null ? '' : name(open)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center">
          {open !== null && <img src={images[open]} alt={name(open)} className="banner-viewer-image" />}
          {count > 1 && (
            <div className="d-flex justify-content-between mt-3">
              <button type="button" className="btn btn-outline-secondary" onClick={() => move(-1)}>
                <Icon svg={chevronLeft} className="me-1" />
                Previous
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={() => move(1)}>
                Next
                <Icon svg={chevronRight} className="ms-1" />
              </button>
            </div>
          )}
        </Modal.Body>
      </Modal>
    </>
  );
}
