import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { GripVertical, MapPin } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { PIPELINE_TEXTS } from "../../../../shared/account-texts.js";
import {
  isPipelineStatus,
  PIPELINE_STATUS_LABELS,
  PIPELINE_STATUSES,
  type PipelineStatus,
} from "../../../../shared/pipeline.js";
import type { SavedFund } from "../../../lib/saved-funds.js";
import { useHydrated } from "../../../lib/use-hydrated.js";
import { cn } from "../../../lib/utils.js";
import { usePipelineChange } from "../api/use-pipeline-board.js";
import { byStatus, formatStepDate } from "../pipeline-view.js";
import { CommittedAmountField } from "./committed-amount-field.js";

/**
 * The saved funds' pipeline as a board (issue 22): one column per status with its count; a card
 * moves by pointer or by keyboard (its handle: Space, arrows between columns, Space), each move
 * saved at once and put back with a toast if the server refuses. A lazy part: dnd-kit stays out
 * of the entry chunk.
 */
export function PipelineBoard({ funds }: { funds: SavedFund[] }) {
  const change = usePipelineChange();
  const [activeId, setActiveId] = useState<number | null>(null);
  const lastOver = useRef<UniqueIdentifier | undefined>(undefined);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so that a tap on the handle is not a move.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const columns = byStatus(funds);
  const fundOf = (id: unknown) => funds.find((fund) => fund.id === id);
  const active = activeId === null ? undefined : fundOf(activeId);

  const statusLabel = (id: unknown) => (isPipelineStatus(id) ? PIPELINE_STATUS_LABELS[id] : "");
  const nameOf = (id: unknown) => fundOf(id)?.name ?? "";
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      PIPELINE_TEXTS.pickedUp(nameOf(active.id), statusLabel(fundOf(active.id)?.pipeline.status)),
    // dnd-kit reports the card's own column right after the pick-up (sometimes before onDragStart
    // below has run): only a change of column is news.
    onDragOver: ({ active, over }) => {
      if (!over || over.id === (lastOver.current ?? active.data.current?.status)) return undefined;
      lastOver.current = over.id;
      return PIPELINE_TEXTS.movedOver(nameOf(active.id), statusLabel(over.id));
    },
    onDragEnd: ({ active, over }) =>
      over ? PIPELINE_TEXTS.dropped(nameOf(active.id), statusLabel(over.id)) : undefined,
    onDragCancel: ({ active }) =>
      PIPELINE_TEXTS.cancelled(nameOf(active.id), statusLabel(fundOf(active.id)?.pipeline.status)),
  };

  const onDragStart = (event: DragStartEvent) => {
    lastOver.current = undefined;
    setActiveId(Number(event.active.id));
  };
  const onDragEnd = (event: DragEndEvent) => {
    setActiveId(null);
    const fund = fundOf(event.active.id);
    const target = event.over?.id;
    if (!fund || !isPipelineStatus(target) || target === fund.pipeline.status) return;
    change.mutate({ fund, change: { status: target } });
  };

  return (
    <DndContext
      // A fixed id: dnd-kit's own counter would name the instructions differently on the server
      // and in the browser, and the board is rendered on both (issue 38).
      id="pipeline-board"
      sensors={sensors}
      collisionDetection={boardCollisions}
      accessibility={{ announcements, screenReaderInstructions: { draggable: PIPELINE_TEXTS.boardInstructions } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
    >
      {/* Side by side at a readable width, scrolling sideways where five columns do not fit. */}
      <section
        aria-label={PIPELINE_TEXTS.boardLabel}
        className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:px-0"
      >
        {PIPELINE_STATUSES.map((status) => (
          <BoardColumn key={status} status={status} count={columns[status].length}>
            {columns[status].map((fund) => (
              <BoardCard
                key={fund.id}
                fund={fund}
                hidden={fund.id === activeId}
                onAmount={(committedAmountUsd) => change.mutate({ fund, change: { committedAmountUsd } })}
              />
            ))}
          </BoardColumn>
        ))}
      </section>
      <DragOverlay dropAnimation={null}>{active ? <CardFace fund={active} lifted /> : null}</DragOverlay>
    </DndContext>
  );
}

/** The pointer's column, else the column the dragged card overlaps most (keyboard moves). */
const boardCollisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/**
 * Arrow keys move a picked-up card a whole column: right and down to the next status, left and up
 * to the previous one (down and up too, for a board read as a list on a narrow screen).
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step =
    event.code === KeyboardCode.Right || event.code === KeyboardCode.Down
      ? 1
      : event.code === KeyboardCode.Left || event.code === KeyboardCode.Up
        ? -1
        : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { active, over, droppableRects, collisionRect } = context;
  const activeStatus = active?.data.current?.status;
  const from = isPipelineStatus(over?.id) ? over.id : isPipelineStatus(activeStatus) ? activeStatus : undefined;
  if (!from || !collisionRect) return currentCoordinates;
  const to = PIPELINE_STATUSES[PIPELINE_STATUSES.indexOf(from) + step];
  const rect = to ? droppableRects.get(to) : undefined;
  if (!rect) return currentCoordinates;
  // The card's top-left such that it sits inside the target column, near its top.
  return {
    x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2),
    y: rect.top + 48,
  };
};

function BoardColumn({ status, count, children }: { status: PipelineStatus; count: number; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const titleId = `board-column-${status}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={titleId}
      data-testid={`board-column-${status}`}
      className={cn(
        "flex w-[14.5rem] shrink-0 snap-start lg:w-auto lg:min-w-[11rem] lg:flex-1 flex-col gap-3 rounded-2xl border bg-slate-50 p-2.5 transition-colors",
        isOver ? "border-indigo-400 bg-indigo-50/60" : "border-slate-200",
      )}
    >
      {/* One name for the label and its count: "Contacted (2)". */}
      <h3
        id={titleId}
        aria-label={`${PIPELINE_STATUS_LABELS[status]} (${count})`}
        className="flex items-center justify-between gap-2 px-1 text-sm font-semibold text-slate-900"
      >
        {PIPELINE_STATUS_LABELS[status]}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums ring-1 ring-slate-200">
          {count}
        </span>
      </h3>
      <ul className="flex min-h-24 flex-col gap-2">
        {count === 0 ? (
          <li className="flex min-h-20 items-center justify-center rounded-xl border border-dashed border-slate-300 px-2 text-center text-xs text-slate-500">
            {PIPELINE_TEXTS.emptyColumn}
          </li>
        ) : (
          children
        )}
      </ul>
    </section>
  );
}

function BoardCard({
  fund,
  hidden,
  onAmount,
}: {
  fund: SavedFund;
  hidden: boolean;
  onAmount: (amount: number | null) => void;
}) {
  // The card stays in place (faded) while its copy in the DragOverlay follows the pointer.
  // The board is in the server's HTML, painted before the app runs; a drag or a key press on a
  // handle that nothing listens to yet would be lost, so a handle is offered once it works: until
  // the app has taken the page over it is disabled (not focusable, no pointer), then live.
  const live = useHydrated();
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: fund.id,
    data: { status: fund.pipeline.status },
    disabled: !live,
  });
  return (
    <li ref={setNodeRef} data-testid={`board-card-${fund.id}`} className={cn(hidden && "opacity-40")}>
      <CardFace
        fund={fund}
        handle={
          <button
            type="button"
            {...attributes}
            {...listeners}
            disabled={!live}
            aria-label={PIPELINE_TEXTS.moveHandle(fund.name)}
            className="-m-1 flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-500 outline-hidden hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-600 active:cursor-grabbing disabled:cursor-progress disabled:text-slate-300"
          >
            <GripVertical className="size-4" aria-hidden="true" />
          </button>
        }
        onAmount={onAmount}
      />
    </li>
  );
}

function CardFace({
  fund,
  handle,
  lifted = false,
  onAmount,
}: {
  fund: SavedFund;
  handle?: ReactNode;
  lifted?: boolean;
  onAmount?: (amount: number | null) => void;
}) {
  const place = [fund.city, fund.country].filter(Boolean).join(", ");
  return (
    <article
      aria-label={fund.name}
      className={cn(
        "flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-2.5 shadow-xs",
        lifted && "rotate-1 shadow-lg ring-2 ring-indigo-500",
      )}
    >
      <div className="flex items-start gap-2">
        {handle}
        <div className="min-w-0 flex-1">
          <h4 className="text-sm leading-snug font-semibold break-words text-slate-900">{fund.name}</h4>
          {place && (
            <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-600">
              <MapPin className="size-3 shrink-0 text-slate-500" aria-hidden="true" />
              {place}
            </p>
          )}
        </div>
      </div>
      {fund.pipeline.nextStepDate && (
        <p className="text-xs text-slate-600">{PIPELINE_TEXTS.due(formatStepDate(fund.pipeline.nextStepDate))}</p>
      )}
      {fund.pipeline.status === "committed" && onAmount && (
        <CommittedAmountField
          id={`committed-${fund.id}`}
          saved={fund.pipeline.committedAmountUsd}
          onAmount={onAmount}
          compact
        />
      )}
      {fund.pipeline.status === "committed" && !onAmount && fund.pipeline.committedAmountUsd !== null && (
        <p className="text-xs font-semibold text-emerald-800">
          ${fund.pipeline.committedAmountUsd.toLocaleString("en-US")}
        </p>
      )}
    </article>
  );
}
