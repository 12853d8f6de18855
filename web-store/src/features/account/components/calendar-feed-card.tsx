/** My Profile: the school's private calendar feed of its orders' pickup times, and its reset. */
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { feedUrl, useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

export function CalendarFeedCard() {
  const feed = useCalendarFeed(true);
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="card">
      <h2>Pickup calendar</h2>
      <p>
        Subscribe to this address in your calendar app to see when each of your requests can be
        picked up or will be delivered. It shows request numbers, items and times, no student
        details. Anyone with the address can read it: keep it private, and reset it if it was shared
        by mistake.
      </p>
      {feed.data ? (
        <div className="form">
          <label htmlFor="calendar-feed-url">Calendar address</label>
          <input id="calendar-feed-url" type="text" readOnly value={feedUrl(feed.data)} />
        </div>
      ) : null}
      {feed.error ? <p role="alert">{feed.error.message}</p> : null}
      {reset.error ? <p role="alert">{reset.error.message}</p> : null}
      <div className="actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setConfirming(true)}
          disabled={reset.isPending}
        >
          Reset address
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Reset the calendar address?"
        message="Calendars subscribed to the old address stop updating; subscribe them to the new one."
        confirmLabel="Reset"
        cancelLabel="Cancel"
        busy={reset.isPending}
        onConfirm={() => {
          setConfirming(false);
          reset.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
