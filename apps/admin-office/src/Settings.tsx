// Exposed as 'admin_office/Settings': service radius, promotion
// pricing, timing and reminders, platform configuration. Save is enabled by an edit; Reset to Defaults
// asks first. Refreshes live while nothing is being edited; auditors see the values read-only.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_SETTINGS,
  PROMOTION_PLANS,
  SETTINGS_MESSAGES,
  type AdminSettingsResponse,
  type AdminUser,
  type PromotionPlan,
  staffMay,
} from '@afterwards/contracts';
import { Alert, Button, ConfirmDialog, Icon, InlineLoading, SectionCard, Switch, TextInput, useToast, type IconName } from '@afterwards/web-ui';
import { ApiError, errorMessage, fieldErrors, formatDateTime } from '@afterwards/web-staff';
import { fetchSettings, keys, officeQueryClient, resetSettings, saveSettings } from './api';
import { OfficeProvider, useLiveQueries } from './OfficeProvider';
import { isDirty, setField, settingsFieldErrors, toForm, validateSettings, type SettingsErrors, type SettingsForm } from './settings/settings-form';

export interface SettingsProps {
  admin: AdminUser;
  /** Told whenever the form gains or loses unsaved edits, so the shell can ask before leaving the section. */
  onDirtyChange?: (dirty: boolean) => void;
}

export const SETTINGS_CHANGED_MESSAGE = 'Someone else saved the settings while you were editing. The latest settings are shown; please make your changes again.';
export const RESET_DONE_MESSAGE = 'Settings were reset to the defaults.';
export const RESET_FAILED_MESSAGE = 'Failed to reset settings. Please try again.';
export const READ_ONLY_NOTE = 'Read-only access';

const PLAN_LABELS: Record<PromotionPlan, string> = { '14-day': '14-day plan', '1-month': '1-month plan', monthly: 'Monthly subscription' };
const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/London'];

export default function Settings(props: SettingsProps) {
  return (
    <OfficeProvider>
      <SettingsView {...props} />
    </OfficeProvider>
  );
}

/** The defaults stand in when the settings cannot be loaded, at no known version. */
const FALLBACK: AdminSettingsResponse = { settings: DEFAULT_SETTINGS, updatedAt: null, version: -1 };

function SettingsView({ admin, onDirtyChange }: SettingsProps) {
  const toast = useToast();
  const readOnly = !staffMay(admin.role, 'change');
  const query = useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => fetchSettings(signal) });
  useLiveQueries([keys.settings]);
  const server = query.data ?? (query.isError ? FALLBACK : null);

  // The form and the server answer it was filled from; live refreshes replace it only while it is clean.
  const [base, setBase] = useState<AdminSettingsResponse | null>(null);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [serverErrors, setServerErrors] = useState<SettingsErrors>({});
  const [showErrors, setShowErrors] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const dirty = !!(form && base && isDirty(form, base.settings));

  useEffect(() => {
    if (!server || server === base) return;
    if (!form || !base || !dirty) {
      setBase(server);
      setForm(toForm(server.settings));
      setServerErrors({});
    }
  }, [server, base, form, dirty]);

  const onDirtyRef = useRef(onDirtyChange);
  onDirtyRef.current = onDirtyChange;
  useEffect(() => onDirtyRef.current?.(dirty), [dirty]);
  useEffect(() => () => onDirtyRef.current?.(false), []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const validation = useMemo(() => (form ? validateSettings(form) : null), [form]);
  // Messages show as soon as a value is wrong: the form starts from valid settings, so only edits trip them.
  const errors: SettingsErrors = { ...(validation && !validation.ok ? validation.errors : {}), ...serverErrors };
  const staleEdit = dirty && base && server && server.version !== base.version && base.version !== FALLBACK.version;

  const adopt = (next: AdminSettingsResponse) => {
    officeQueryClient.setQueryData(keys.settings, next);
    setBase(next);
    setForm(toForm(next.settings));
    setServerErrors({});
    setShowErrors(false);
  };

  const save = useMutation({
    mutationFn: (v: { settings: Parameters<typeof saveSettings>[0]; version: number | undefined }) => saveSettings(v.settings, v.version),
    onSuccess: (next) => {
      adopt(next);
      toast.success(SETTINGS_MESSAGES.saved);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'SETTINGS_CHANGED') {
        toast.error(SETTINGS_CHANGED_MESSAGE);
        const latest = await officeQueryClient.fetchQuery({ queryKey: keys.settings, queryFn: ({ signal }) => fetchSettings(signal), staleTime: 0 }).catch(() => null);
        if (latest) adopt(latest);
        return;
      }
      setServerErrors(settingsFieldErrors(fieldErrors(error)));
      toast.error(SETTINGS_MESSAGES.saveFailed);
    },
  });

  const reset = useMutation({
    mutationFn: resetSettings,
    onSuccess: async () => {
      setConfirmReset(false);
      const latest = await officeQueryClient.fetchQuery({ queryKey: keys.settings, queryFn: ({ signal }) => fetchSettings(signal), staleTime: 0 }).catch(() => null);
      adopt(latest ?? { ...FALLBACK, version: base?.version ?? FALLBACK.version });
      toast.success(RESET_DONE_MESSAGE);
    },
    onError: () => {
      setConfirmReset(false);
      toast.error(RESET_FAILED_MESSAGE);
    },
  });

  if (!form || !base) return <InlineLoading>Loading settings...</InlineLoading>;

  const update = (path: string, value: string | boolean) => {
    setForm((f) => (f ? setField(f, path, value) : f));
    setServerErrors((e) => {
      if (!(path in e)) return e;
      const { [path]: _dropped, ...rest } = e;
      return rest;
    });
  };

  const submit = () => {
    if (!validation) return;
    if (!validation.ok) {
      setShowErrors(true);
      const first = Object.keys(validation.errors)[0];
      if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
      return;
    }
    save.mutate({ settings: validation.settings, version: base.version >= 0 ? base.version : undefined });
  };

  const num = (path: string, label: string, value: string, limits: { min: number; max?: number; step?: number }, hint?: string) => (
    <TextInput
      id={fieldId(path)}
      label={label}
      hint={hint}
      type="number"
      inputMode={limits.step ? 'decimal' : 'numeric'}
      min={limits.min}
      max={limits.max}
      step={limits.step ?? 1}
      value={value}
      error={errors[path]}
      disabled={readOnly}
      onChange={(e) => update(path, e.target.value)}
    />
  );
  const text = (path: string, label: string, value: string, extra: { maxLength?: number; hint?: string; list?: string } = {}) => (
    <TextInput
      id={fieldId(path)}
      label={label}
      hint={extra.hint}
      maxLength={extra.maxLength}
      list={extra.list}
      value={value}
      error={errors[path]}
      disabled={readOnly}
      onChange={(e) => update(path, e.target.value)}
    />
  );
  const toggle = (path: string, label: string, description: string, checked: boolean) => (
    <Switch
      label={label}
      description={description}
      checked={checked}
      locked={readOnly}
      lockedText={checked ? 'On' : 'Off'}
      onChange={(on) => update(path, on)}
    />
  );

  const { promotionPricing: pricing, promotionTiming: timing, platformConfig: platform } = form;

  return (
    <form
      className="aw-staff-page ofc-settings"
      noValidate
      aria-busy={save.isPending || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) submit();
      }}
    >
      {query.isError ? (
        <Alert tone="warning" role="alert">
          {SETTINGS_MESSAGES.loadFailed(errorMessage(query.error))}
        </Alert>
      ) : null}
      {readOnly ? (
        <Alert tone="info" title={READ_ONLY_NOTE}>
          Your staff role can view these settings but not change them.
        </Alert>
      ) : null}
      {base.updatedAt ? <p className="aw-muted aw-small">Last saved {formatDateTime(base.updatedAt)}.</p> : null}

      <SettingsGroup icon="pin" title="Service radius">
        {num('defaultServiceRadius', 'Default service radius (miles)', form.defaultServiceRadius, { min: 1, max: 50 }, 'From 1 to 50 miles. Left empty, it is 5.')}
      </SettingsGroup>

      <SettingsGroup icon="pound" title="Promotion pricing">
        <div className="ofc-plans">
          {PROMOTION_PLANS.map((plan) => {
            const p = pricing[plan];
            const at = (field: string) => `promotionPricing.${plan}.${field}`;
            return (
              <fieldset key={plan} className="aw-stack ofc-plan" disabled={readOnly}>
                <legend className="ofc-plan__legend">
                  {PLAN_LABELS[plan]}
                  {p.recurring ? <span className="aw-muted aw-small"> (renews automatically)</span> : null}
                </legend>
                {num(at('price'), 'Price (£)', p.price, { min: 1, step: 0.01 })}
                {num(at('durationDays'), 'Duration (days)', p.durationDays, { min: 1, max: 365 })}
                {text(at('title'), 'Title', p.title, { maxLength: 80 })}
                {text(at('description'), 'Description', p.description, { maxLength: 300 })}
              </fieldset>
            );
          })}
        </div>
      </SettingsGroup>

      <SettingsGroup icon="calendar" title="Timing and reminders">
        {toggle('promotionTiming.autoStart', 'Start promotions automatically', 'A paid promotion starts as soon as it is created.', timing.autoStart)}
        <div className="ofc-fields">
          {num('promotionTiming.gracePeriodHours', 'Grace period (hours)', timing.gracePeriodHours, { min: 0, max: 168 }, 'From 0 to 168 hours.')}
          {num('promotionTiming.expiryWarningDays', 'Expiry warning (days before)', timing.expiryWarningDays, { min: 1, max: 30 }, 'From 1 to 30 days.')}
          {num('promotionTiming.renewalReminderDays', 'Renewal reminder (days before)', timing.renewalReminderDays, { min: 1, max: 30 }, 'From 1 to 30 days.')}
        </div>
      </SettingsGroup>

      <SettingsGroup icon="settings" title="Platform configuration">
        <div className="ofc-fields">
          {text('platformConfig.timezone', 'Time zone', platform.timezone, { list: 'ofc-time-zones', hint: 'For example Europe/London.' })}
          {num('platformConfig.maxPromotionDuration', 'Maximum promotion duration (days)', platform.maxPromotionDuration, { min: 1, max: 1095 }, 'From 1 to 1095 days. Left empty, it is 365.')}
        </div>
        <datalist id="ofc-time-zones">
          {TIME_ZONES.map((tz) => (
            <option key={tz} value={tz} />
          ))}
        </datalist>
        {toggle('platformConfig.autoApproveBusinesses', 'Approve new businesses automatically', 'New listings go live without waiting for a review.', platform.autoApproveBusinesses)}
      </SettingsGroup>

      {readOnly ? null : (
        <div className="aw-stack ofc-settings__bar">
          <div role="status" className="aw-stack ofc-settings__status">
            {dirty ? <Alert tone="warning">{SETTINGS_MESSAGES.unsaved}</Alert> : null}
            {staleEdit ? <Alert tone="info">Someone else has saved the settings since you started editing. Saving will ask you to reload.</Alert> : null}
          </div>
          {showErrors && validation && !validation.ok ? (
            <p className="aw-error-text" role="alert">
              Please correct the highlighted fields.
            </p>
          ) : null}
          <div className="aw-cluster ofc-settings__buttons">
            <Button variant="secondary" onClick={() => setConfirmReset(true)} disabled={reset.isPending || save.isPending} icon={<Icon name="refresh" size={16} />}>
              Reset to Defaults
            </Button>
            <Button type="submit" disabled={!dirty || save.isPending} icon={<Icon name="check" size={16} />}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirmReset}
        onCancel={() => setConfirmReset(false)}
        title="Reset settings to the defaults?"
        confirmLabel={reset.isPending ? 'Resetting...' : 'Reset to Defaults'}
        confirmDisabled={reset.isPending}
        onConfirm={() => reset.mutate()}
      >
        <p>Every setting on this page goes back to its default value for all staff. Any unsaved changes are lost.</p>
      </ConfirmDialog>
    </form>
  );
}

const fieldId = (path: string) => `ofc-setting-${path.replace(/[^a-zA-Z0-9-]/g, '-')}`;

function SettingsGroup({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  const headingId = `ofc-group-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <SectionCard
      icon={icon}
      iconSize={18}
      title={title}
      headingId={headingId}
      className="ofc-group"
      titleClassName="aw-section-title ofc-section-title ofc-group__title"
      iconClassName="ofc-group__icon"
    >
      <div className="aw-stack ofc-group__body">{children}</div>
    </SectionCard>
  );
}
