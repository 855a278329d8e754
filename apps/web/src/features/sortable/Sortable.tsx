import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { type DragEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import './sortable.css';

/** The list with the item at `from` moved to `to`; the others keep their order. Out of range: unchanged. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from === to || from < 0 || to < 0 || from >= next.length || to >= next.length) return next;
  const [item] = next.splice(from, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

/**
 * Dragging rows to a new place with the browser's own drag and drop (the console carries no drag library).
 * `rowProps(index)` goes on each row element (a table's `onRow`, a list's item); pointer users drag, and the
 * up and down buttons of `MoveButtons` do the same from the keyboard.
 */
export function useDragOrder(onMove: (from: number, to: number) => void, disabled = false) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  const rowProps = (index: number) => {
    if (disabled) return {};
    const state = dragged === index ? 'sortable-dragged' : over === index && dragged !== null ? 'sortable-over' : '';
    return {
      draggable: true,
      className: `sortable-row ${state}`.trim(),
      onDragStart: (event: DragEvent) => {
        setDragged(index);
        // Firefox starts a drag only when some data is set.
        event.dataTransfer?.setData('text/plain', String(index));
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      },
      onDragOver: (event: DragEvent) => {
        if (dragged === null) return;
        event.preventDefault();
        setOver(index);
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        if (dragged !== null && dragged !== index) onMove(dragged, index);
        end();
      },
      onDragEnd: end,
    };
  };
  return { rowProps };
}

/** What the move controls of one row are called, in the screen's language (the row's name inside). */
export type MoveLabels = { drag: string; up: string; down: string };

/** A row's drag handle and its up and down buttons, reachable from the keyboard. */
export function MoveButtons({
  index,
  count,
  labels,
  onMove,
  disabled = false,
}: {
  index: number;
  count: number;
  labels: MoveLabels;
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
}) {
  return (
    <Space size={2} className="sortable-buttons">
      {!disabled && <HolderOutlined className="sortable-handle" title={labels.drag} />}
      <Button
        size="small"
        type="text"
        icon={<ArrowUpOutlined />}
        aria-label={labels.up}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      />
      <Button
        size="small"
        type="text"
        icon={<ArrowDownOutlined />}
        aria-label={labels.down}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      />
    </Space>
  );
}

/**
 * An ordered list whose items are dragged into place, or moved with their up and down buttons, or with
 * Alt+ArrowUp / Alt+ArrowDown while focus is inside the item. `onChange` gets the list in its new order.
 */
export function SortableList<T>({
  items,
  itemKey,
  labels,
  onChange,
  renderItem,
  disabled = false,
  className,
  ariaLabel,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  labels: (item: T) => MoveLabels;
  onChange: (items: T[]) => void;
  /** The item's own content; the move controls are put before it. */
  renderItem: (item: T, index: number) => ReactNode;
  disabled?: boolean;
  className?: string;
  ariaLabel?: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  // The item moved by its buttons or keys keeps the focus in its new place (a button that became disabled
  // at the top or the bottom hands it to its partner), so a run of moves needs no reaching for it again.
  const [moved, setMoved] = useState<{ key: string; up: boolean } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const row = [...(list.current?.children ?? [])].find((child) => child.getAttribute('data-key') === moved.key);
    const [up, down] = [...(row?.querySelectorAll<HTMLButtonElement>('.sortable-buttons button') ?? [])];
    const wanted = moved.up ? up : down;
    (wanted && !wanted.disabled ? wanted : moved.up ? down : up)?.focus();
    setMoved(null);
  }, [moved]);
  const move = (from: number, to: number) => onChange(moveItem(items, from, to));
  const moveKeepingFocus = (from: number, to: number) => {
    const item = items[from];
    if (item === undefined || to < 0 || to >= items.length) return;
    move(from, to);
    setMoved({ key: itemKey(item), up: to < from });
  };
  const { rowProps } = useDragOrder(move, disabled);
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (disabled || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    moveKeepingFocus(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  return (
    <ol ref={list} className={['sortable-list', className].filter(Boolean).join(' ')} aria-label={ariaLabel}>
      {items.map((item, index) => {
        const { className: rowClass = 'sortable-row', ...drag } = rowProps(index);
        return (
          <li key={itemKey(item)} data-key={itemKey(item)} className={rowClass} {...drag} onKeyDown={onKeyDown(index)}>
            <MoveButtons
              index={index}
              count={items.length}
              labels={labels(item)}
              onMove={moveKeepingFocus}
              disabled={disabled}
            />
            <div className="sortable-content">{renderItem(item, index)}</div>
          </li>
        );
      })}
    </ol>
  );
}
