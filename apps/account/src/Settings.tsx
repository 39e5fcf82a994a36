// Exposed as 'account/Settings': the Settings tab of the dashboard.
// Owns its server state (its own QueryClient): session, profile (/api/profile), preferences (/api/preferences).
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withOwnQueryClient } from '@afterwards/web-data';
import { DEFAULT_PREFERENCES, PREFERENCES_CHANGED_EVENT, type Preferences, type Profile } from '@afterwards/contracts';
import { Button, Card, Icon, InlineLoading, useToast } from '@afterwards/web-ui';
import { fetchMemoriesSeen, fetchPreferences, fetchProfile, fetchSessionUser, keys, memoriesKey, privacyStatementOf, savePreferences } from './api';
import { emergencyContact, formatDate, fullName, NOT_SET } from './format';
import { EditProfileDialog } from './EditProfileDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SettingsCard } from './SettingsCard';
import { TwoFactorCard } from './TwoFactor';
import { RemindersCard } from './RemindersCard';
import './settings.css';

export interface SettingsProps {
  onSignOut: () => void;
  onViewResources: () => void;
  supportEmail: string;
  /** Called after the profile is saved, so the shell can refresh its greeting. */
  onProfileSaved?: () => void;
}

export const APP_VERSION = '1.0.0';
export const LAST_UPDATED = 'November 2026';

export default withOwnQueryClient(SettingsTab);

function SettingsTab({ onSignOut, onViewResources, supportEmail, onProfileSaved }: SettingsProps) {
  const session = useQuery({ queryKey: keys.session, queryFn: fetchSessionUser });
  // Spec: a failed settings load is tolerated silently; the fields stay empty.
  const profile = useQuery({ queryKey: keys.profile, queryFn: fetchProfile });
  // 'Only you can see it' only while that is true: once a memory is shared, who can see which.
  const privacy = useQuery({ queryKey: memoriesKey, queryFn: fetchMemoriesSeen, select: privacyStatementOf });
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [deletingAccount, setDeletingAccount] = useState(false);
  const data: Profile | null = profile.data ?? null;

  return (
    <div className="aw-stack ac-settings">
      <div className="ac-settings__grid">
        <SettingsCard icon="user" title="Personal Information" className="ac-span-2">
          {profile.isPending ? (
            <InlineLoading>Loading your details...</InlineLoading>
          ) : (
            <dl className="aw-facts ac-facts">
              <Fact label="Full Name" value={fullName(data)} />
              <Fact label="Phone Number" value={data?.phone ?? null} />
              <Fact label="Date of Birth" value={formatDate(data?.dateOfBirth)} />
              <Fact label="Address" value={data?.address ?? null} />
              <Fact label="Emergency Contact" value={emergencyContact(data)} />
            </dl>
          )}
          <div className="aw-cluster ac-card__actions">
            <Button variant="secondary" onClick={() => setEditing(true)} disabled={profile.isPending} icon={<Icon name="user" size={18} />}>
              Edit Profile
            </Button>
          </div>
        </SettingsCard>

        <SettingsCard icon="lock" title="Account">
          <dl className="aw-facts ac-facts">
            <Fact label="Email" value={session.data?.email ?? (session.isPending ? '…' : null)} />
          </dl>
          <div className="aw-cluster ac-card__actions">
            <Button variant="secondary" onClick={() => setChangingPassword(true)} icon={<Icon name="key" size={18} />}>
              Change Password
            </Button>
            <Button variant="quiet" onClick={onSignOut} icon={<Icon name="log-out" size={18} />}>
              Sign Out
            </Button>
          </div>
          <div className="aw-split ac-danger-zone">
            <p className="aw-muted">Delete your account and everything in it, for good.</p>
            <Button variant="danger" onClick={() => setDeletingAccount(true)} icon={<Icon name="trash" size={18} />} aria-haspopup="dialog">
              Delete my account
            </Button>
          </div>
        </SettingsCard>

        <TwoFactorCard enabled={session.data?.twoFactorEnabled ?? null} />

        <PreferencesCard />

        <RemindersCard />

        <SettingsCard icon="info" title="About">
          <dl className="aw-facts ac-facts ac-facts--compact">
            <Fact label="Version" value={APP_VERSION} />
            <Fact label="Platform" value="Web application" />
            <Fact label="Last updated" value={LAST_UPDATED} />
            <Fact label="Privacy" value="Encrypted and secure" />
          </dl>
        </SettingsCard>

        <SettingsCard icon="heart" title="Support & Help">
          <p className="aw-muted">Guides for what to do after a death, and people who can help.</p>
          <div className="aw-cluster ac-card__actions">
            <Button variant="secondary" onClick={onViewResources} icon={<Icon name="checklist" size={18} />}>
              View Resources
            </Button>
            {supportEmail ? (
              <a className="aw-btn aw-btn--quiet" href={`mailto:${supportEmail}`}>
                <span aria-hidden="true">
                  <Icon name="mail" size={18} />
                </span>
                Contact Support
              </a>
            ) : null}
          </div>
        </SettingsCard>
      </div>

      <Card tone="accent" as="section" className="aw-row ac-banner" aria-label="Your privacy">
        <span className="aw-disc ac-banner__icon" aria-hidden="true">
          <Icon name="shield" size={24} />
        </span>
        <div>
          <h2 className="ac-banner__title">Your information is private</h2>
          <p>
            {privacy.data ?? 'Everything you keep in Afterwards is encrypted.'} We never sell your information or share it for advertising.
          </p>
        </div>
      </Card>

      <EditProfileDialog open={editing} profile={data} onClose={() => setEditing(false)} onSaved={onProfileSaved} />
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      <DeleteAccountDialog open={deletingAccount} onClose={() => setDeletingAccount(false)} email={session.data?.email ?? null} twoFactorEnabled={session.data?.twoFactorEnabled === true} />
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="ac-fact">
      <dt>{label}</dt>
      <dd className={value ? undefined : 'ac-fact--unset'}>{value ?? NOT_SET}</dd>
    </div>
  );
}

function PreferencesCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const prefs = useQuery({ queryKey: keys.preferences, queryFn: fetchPreferences });
  const current: Preferences = prefs.data ?? DEFAULT_PREFERENCES;
  const save = useMutation({
    mutationFn: savePreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: keys.preferences });
      const previous = queryClient.getQueryData<Preferences>(keys.preferences);
      queryClient.setQueryData(keys.preferences, next);
      return { previous };
    },
    onError: (_e, _next, ctx) => {
      queryClient.setQueryData(keys.preferences, ctx?.previous ?? DEFAULT_PREFERENCES);
      toast.error('Failed to save your preferences');
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.preferences, saved);
      // Email Notifications changes what Settings says about the next reminder e-mail.
      void queryClient.invalidateQueries({ queryKey: keys.reminders });
      // The memory screens (another remote on this page) follow Progress Tracking at once.
      window.dispatchEvent(new CustomEvent(PREFERENCES_CHANGED_EVENT, { detail: saved }));
    },
  });
  const toggle = (key: keyof Preferences) => save.mutate({ ...current, [key]: !current[key] });
  return (
    <SettingsCard icon="settings" title="Preferences">
      <div className="aw-stack ac-toggles">
        {PREFERENCE_TOGGLES.map(({ key, label, description }) => (
          <Toggle key={key} label={label} description={description} checked={current[key]} disabled={prefs.isPending} onChange={() => toggle(key)} />
        ))}
      </div>
    </SettingsCard>
  );
}

/** The preferences the card switches, in the order shown. */
const PREFERENCE_TOGGLES: readonly { key: keyof Preferences; label: string; description: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Email Notifications',
    description: 'Reminder e-mails before legal deadlines and suggested dates, for every memory. Off: none are sent. Each memory can also be turned off on its Tasks tab.',
  },
  {
    key: 'progressTracking',
    label: 'Progress Tracking',
    description: 'Progress bars, percentages and encouraging messages on your memories, and a moment of celebration when everything is done. Off: your lists and their counts only.',
  },
];

function Toggle({ label, description, checked, disabled, onChange }: { label: string; description: string; checked: boolean; disabled?: boolean; onChange: () => void }) {
  const id = useId();
  return (
    <div className="ac-toggle">
      <div>
        <span id={`${id}-l`} className="ac-toggle__label">
          {label}
        </span>
        <span id={`${id}-d`} className="ac-toggle__desc">
          {description}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-l`}
        aria-describedby={`${id}-d`}
        className="aw-switch__control ac-toggle__control"
        disabled={disabled}
        onClick={onChange}
      >
        <span className="ac-toggle__track" aria-hidden="true">
          <span className="ac-toggle__thumb" />
        </span>
        <span className="ac-toggle__state" aria-hidden="true">
          {checked ? 'On' : 'Off'}
        </span>
      </button>
    </div>
  );
}
