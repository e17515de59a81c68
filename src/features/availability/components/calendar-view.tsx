import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import arLocale from '@fullcalendar/react/locales/ar';
import breezyTheme from '@fullcalendar/react/themes/breezy';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/breezy/theme.css';
import './calendar-theme.css';
import type { CalendarEvent, CalendarEventTarget } from '../lib/events';

/*
 * The only module that imports FullCalendar: it is loaded on demand by AvailabilityCalendar, so
 * FullCalendar (and temporal-polyfill, which gives it named time zones) stays out of every other
 * page. Times are drawn in `timeZone`, the trainer's wall clock.
 */

export interface CalendarViewProps {
  events: CalendarEvent[];
  timeZone: string;
  language: string;
  dir: 'ltr' | 'rtl';
  firstDay: number;
  /** Times on a 12-hour clock (from the site's time format). */
  hour12: boolean;
  /** A date (`YYYY-MM-DD`) the calendar opens on; today without it. */
  initialDate?: string;
  /** Accessible name of the calendar region, translated. */
  label: string;
  /** Select a time range to add something (only when editable). */
  onSelect?: (start: Date, end: Date, allDay: boolean) => void;
  onEventClick?: (target: CalendarEventTarget) => void;
  /** A dragged or resized event; call `revert` when the change is refused. */
  onEventChange?: (target: CalendarEventTarget, start: Date, end: Date, revert: () => void) => void;
  /** The dates shown, `end` exclusive (midnights in `timeZone`). */
  onRangeChange: (start: Date, end: Date) => void;
}

const plugins = [dayGridPlugin, timeGridPlugin, interactionPlugin, breezyTheme];

/** Phones start on one day: seven columns of events would be too narrow to read or tap. */
const narrowScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 640px)').matches;

export default function CalendarView(p: CalendarViewProps) {
  const arabic = p.language === 'ar' || p.language.startsWith('ar-');
  return (
    <div className="availability-calendar" aria-label={p.label} role="region">
      <FullCalendar
        plugins={plugins}
        locales={[arLocale]}
        locale={arabic ? 'ar' : 'en'}
        direction={p.dir}
        timeZone={p.timeZone}
        firstDay={p.firstDay}
        initialView={narrowScreen() ? 'timeGridDay' : 'timeGridWeek'}
        initialDate={p.initialDate}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: 'timeGridDay,timeGridWeek,dayGridMonth',
        }}
        height="auto"
        expandRows
        nowIndicator
        allDaySlot
        slotHeaderFormat={{ hour: 'numeric', minute: '2-digit', hour12: p.hour12 }}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', hour12: p.hour12 }}
        slotMinTime="06:00:00"
        slotMaxTime="22:00:00"
        scrollTime="08:00:00"
        dayMaxEvents={3}
        selectable={Boolean(p.onSelect)}
        selectMirror
        editable={Boolean(p.onEventChange)}
        eventResizableFromStart
        events={p.events}
        datesSet={(info) => p.onRangeChange(info.start, info.end)}
        select={(info) => {
          p.onSelect?.(info.start, info.end, info.allDay);
          info.view.calendar.unselect();
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          p.onEventClick?.(info.event.extendedProps as CalendarEventTarget);
        }}
        eventDrop={(info) => {
          const { start, end } = info.event;
          if (start && end)
            p.onEventChange?.(
              info.event.extendedProps as CalendarEventTarget,
              start,
              end,
              info.revert,
            );
          else info.revert();
        }}
        eventResize={(info) => {
          const { start, end } = info.event;
          if (start && end)
            p.onEventChange?.(
              info.event.extendedProps as CalendarEventTarget,
              start,
              end,
              info.revert,
            );
          else info.revert();
        }}
      />
    </div>
  );
}
