// 'Add to calendar' on a memory's Tasks card: a dialog with the .ics download, a private calendar address
// (made, copied, turned off) and the memory's reminder e-mails switch, each for the signed-in person.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMORIES_PATH, type CalendarSubscription, type MemoryReminders } from '@afterwards/contracts';
import { Alert, Button, ButtonLink, Dialog, Icon, InlineLoading, Switch, TextInput, useToast } from '@afterwards/web-ui';
import { api, errorMessage } from '../api';
import { memoriesQueryClient } from '../store';

const remindersKey = (memoryId: string) => ['memory-reminders', memoryId] as const;

const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export function CalendarAndReminders({ memoryId, memoryName }: { memoryId: string; memoryName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" className="mem-no-print" icon={<Icon name="calendar" size={16} />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Add to calendar
        <span className="aw-visually-hidden"> for {memoryName}</span>
      </Button>
      {open ? <CalendarDialog memoryId={memoryId} memoryName={memoryName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CalendarDialog({ memoryId, memoryName, onClose }: { memoryId: string; memoryName: string; onClose: () => void }) {
  const toast = useToast();
  const client = useQueryClient(memoriesQueryClient);
  const state = useQuery({ queryKey: remindersKey(memoryId), queryFn: () => api.reminders(memoryId) }, memoriesQueryClient);
  // The address is shown only when just made: the server keeps only its hash.
  const [made, setMade] = useState<CalendarSubscription | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<MemoryReminders | void>, done: string) => {
    setBusy(true);
    try {
      const answer = await work();
      if (answer) client.setQueryData(remindersKey(memoryId), answer);
      else await client.invalidateQueries({ queryKey: remindersKey(memoryId) });
      toast.success(done);
    } catch (error) {
      toast.error(`That did not work: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const makeAddress = () =>
    act(async () => {
      setMade(await api.subscribeCalendar(memoryId));
    }, 'Your calendar address is ready');
  const revoke = () =>
    act(async () => {
      await api.revokeCalendar(memoryId);
      setMade(null);
    }, 'The calendar address is turned off');
  // Beside the new address, and beside the note that one is on.
  const turnOff = (
    <Button size="sm" variant="secondary" onClick={revoke} disabled={busy}>
      Turn address off
    </Button>
  );
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      toast.success('Address copied');
    } catch {
      toast.error('Copying was not allowed: select the address and copy it yourself.');
    }
  };

  const data = state.data;
  return (
    <Dialog open onClose={onClose} title={`Calendar and reminders: ${memoryName}`} closeLabel="Close" className="mem-calendar-dialog">
      <section className="mem-calendar__part" aria-labelledby={`${memoryId}-download`}>
        <h3 id={`${memoryId}-download`} className="mem-calendar__heading">
          Download
        </h3>
        <p className="aw-muted">A file of the dates still to do, to import into your calendar once.</p>
        <ButtonLink variant="secondary" size="sm" icon={<Icon name="calendar" size={16} />} href={`${MEMORIES_PATH}/${encodeURIComponent(memoryId)}/calendar.ics`} download>
          Download .ics
          <span className="aw-visually-hidden"> for {memoryName}</span>
        </ButtonLink>
      </section>

      <section className="mem-calendar__part" aria-labelledby={`${memoryId}-subscribe`}>
        <h3 id={`${memoryId}-subscribe`} className="mem-calendar__heading">
          Subscribe
        </h3>
        <p className="aw-muted">
          A private address your calendar app checks, so ticked tasks and changed dates follow. Anyone with the address can see these dates: keep it to yourself.
        </p>
        {!data ? (
          state.isError ? (
            <Alert tone="error">Could not load this: {errorMessage(state.error)}</Alert>
          ) : (
            <InlineLoading>Loading...</InlineLoading>
          )
        ) : made ? (
          <div className="mem-calendar__address">
            <TextInput
              label="Calendar address"
              value={made.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              hint="Shown this once. In your calendar app, choose to add a calendar from an address (a subscription) and paste it."
            />
            <div className="aw-cluster mem-calendar__buttons">
              <Button size="sm" onClick={copy}>
                Copy address
              </Button>
              {turnOff}
            </div>
          </div>
        ) : data.calendar.subscribed ? (
          <div className="mem-calendar__address">
            <p>An address is on since {formatDay(data.calendar.createdAt!)}. It is shown only when it is made; a new one stops the old one working.</p>
            <div className="aw-cluster mem-calendar__buttons">
              <Button size="sm" onClick={makeAddress} disabled={busy}>
                Make a new address
              </Button>
              {turnOff}
            </div>
          </div>
        ) : (
          <Button size="sm" onClick={makeAddress} disabled={busy}>
            Make a calendar address
          </Button>
        )}
      </section>

      <section className="mem-calendar__part" aria-labelledby={`${memoryId}-remind`}>
        <h3 id={`${memoryId}-remind`} className="mem-calendar__heading">
          E-mail reminders
        </h3>
        {data ? (
          <>
            <Switch
              label="Email me reminders for this memory"
              description="7 days and 1 day before each date, and on the day of a legal deadline. Never between 9pm and 8am."
              checked={data.enabled}
              onChange={(enabled) => act(() => api.setReminders(memoryId, enabled), enabled ? 'Reminders are on for this memory' : 'Reminders are off for this memory')}
            />
            {!data.emailNotifications ? <Alert tone="info">Email Notifications is off in Settings, so no reminder e-mails are sent for any memory.</Alert> : null}
          </>
        ) : null}
      </section>
    </Dialog>
  );
}
