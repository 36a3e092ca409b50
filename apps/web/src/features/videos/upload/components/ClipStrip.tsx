import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import arrowRightIcon from 'bootstrap-icons/icons/arrow-right.svg?raw';
import gripVerticalIcon from 'bootstrap-icons/icons/grip-vertical.svg?raw';
import xLgIcon from 'bootstrap-icons/icons/x-lg.svg?raw';
import { Icon } from '@/components/Icon';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Button from 'react-bootstrap/Button';
import { formatClock } from '@/lib/edit-list/durations';
import type { EditVideo } from '@/lib/edit-list/edit-list-store';

interface ClipStripProps {
  items: readonly EditVideo[];
  durations: Record<string, number | null | undefined>;
  currentId: string | undefined;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
}

/**
 * The thumbnail strip of edit mode: drag a clip by its handle to reorder (pointer, or keyboard: Space
 * to pick up, arrow keys to move, Space to drop), or use the move buttons; remove a clip with ✕.
 */
export function ClipStrip({ items, durations, currentId, onSelect, onMove, onRemove }: ClipStripProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.name ?? 'clip';
  const positionOf = (id: UniqueIdentifier | undefined) => items.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${items.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space or Enter to pick up the clip, use the arrow keys to move it, and press Space or Enter again to drop it. Press Escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={horizontalListSortingStrategy}>
        <ol className="clip-strip list-unstyled d-flex gap-2 m-0 pb-2" aria-label="Clips, in upload order">
          {items.map((item, index) => (
            <ClipCard
              key={item.id}
              item={item}
              index={index}
              count={items.length}
              seconds={durations[item.id]}
              current={item.id === currentId}
              onSelect={() => onSelect(item.id)}
              onMove={(to) => onMove(index, to)}
              onRemove={() => onRemove(item.id)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function ClipCard({
  item,
  index,
  count,
  seconds,
  current,
  onSelect,
  onMove,
  onRemove,
}: {
  item: EditVideo;
  index: number;
  count: number;
  seconds: number | null | undefined;
  current: boolean;
  onSelect: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: item.id,
    });
  const length =
    seconds === undefined ? 'measuring…' : seconds === null ? 'length unknown' : formatClock(seconds);
  return (
    <li
      ref={setNodeRef}
      className={`clip-card card flex-shrink-0${current ? ' border-primary border-2' : ''}${isDragging ? ' shadow' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
      data-testid="clip-card"
      data-name={item.name}
    >
      <button
        type="button"
        className="clip-thumb btn p-0 border-0"
        onClick={onSelect}
        aria-current={current ? 'true' : undefined}
        aria-label={`Play clip ${index + 1}: ${item.name}`}
      >
        <video
          src={`${item.url}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          tabIndex={-1}
          aria-hidden="true"
        />
      </button>
      <div className="px-2 pt-1 small">
        <div className="text-truncate" title={item.name}>
          <span className="visually-hidden">Clip {index + 1}: </span>
          {item.name}
        </div>
        <div className="text-body-secondary">{length}</div>
      </div>
      <div className="d-flex justify-content-between align-items-center px-1 pb-1">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="btn btn-sm btn-link text-body clip-handle"
          aria-label={`Drag to reorder ${item.name}`}
          {...attributes}
          {...listeners}
        >
          <Icon svg={gripVerticalIcon} />
        </button>
        <span className="d-flex">
          <Button
            size="sm"
            variant="link"
            className="text-body"
            disabled={index === 0}
            aria-label={`Move ${item.name} earlier`}
            onClick={() => onMove(index - 1)}
          >
            <Icon svg={arrowLeftIcon} />
          </Button>
          <Button
            size="sm"
            variant="link"
            className="text-body"
            disabled={index === count - 1}
            aria-label={`Move ${item.name} later`}
            onClick={() => onMove(index + 1)}
          >
            <Icon svg={arrowRightIcon} />
          </Button>
          <Button
            size="sm"
            variant="link"
            className="text-danger"
            aria-label={`Remove ${item.name}`}
            onClick={onRemove}
          >
            <Icon svg={xLgIcon} />
          </Button>
        </span>
      </div>
    </li>
  );
}
