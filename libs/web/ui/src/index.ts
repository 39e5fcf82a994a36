// @afterwards/web-ui: the Afterwards design system, shared by the shells and the remotes.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components/layout.css';
import './styles/components/header.css';
import './styles/components/button.css';
import './styles/components/card.css';
import './styles/components/disc.css';
import './styles/components/facts.css';
import './styles/components/auth-card.css';
import './styles/components/badge.css';
import './styles/components/field.css';
import './styles/components/alert.css';
import './styles/components/spinner.css';
import './styles/components/logo.css';
import './styles/components/toasts.css';
import './styles/components/dialog.css';
import './styles/components/footer.css';
import './styles/components/remote-slot.css';
import './styles/components/switch.css';
import './styles/components/combobox.css';
import './styles/components/stat-tiles.css';

export { cx } from './components/cx';
export { Container, Stack, Cluster, Grid, VisuallyHidden, SkipLink } from './components/Layout';
export { Button, ButtonLink, buttonClassName } from './components/Button';
export type { ButtonProps, ButtonLinkProps, ButtonVariant, ButtonSize } from './components/Button';
export { Card } from './components/Card';
export type { CardProps } from './components/Card';
export { SectionCard } from './components/SectionCard';
export type { SectionCardProps } from './components/SectionCard';
export { StatTiles } from './components/StatTiles';
export type { StatTile, StatTilesProps } from './components/StatTiles';
export { Badge } from './components/Badge';
export type { BadgeProps } from './components/Badge';
export { TextInput, EmailInput, PasswordInput, Select, TextArea } from './components/Field';
export type { TextInputProps, EmailInputProps, PasswordInputProps, SelectProps, SelectOption, TextAreaProps } from './components/Field';
export { useDebouncedValue } from './hooks/useDebouncedValue';
export { useListboxKeys } from './hooks/useListboxKeys';
export type { ListboxKeys, ListboxKeysOptions } from './hooks/useListboxKeys';
export { useHydrated } from './hooks/useHydrated';
export { useDialogState } from './hooks/useDialogState';
export { Alert } from './components/Alert';
export type { AlertProps, AlertTone } from './components/Alert';
export { Spinner, InlineLoading, LoadingScreen, DEFAULT_LOADING_MESSAGE } from './components/Spinner';
export { Logo, DEFAULT_LOGO_SOURCES } from './components/Logo';
export { AuthCardHead } from './components/AuthCard';
export type { AuthCardHeadProps } from './components/AuthCard';
export type { LogoProps, LogoSize } from './components/Logo';
export { ToastProvider, useToast, pushToast, MAX_TOASTS, TOAST_DURATIONS, BACK_OFFICE_TOAST_DURATIONS } from './components/Toasts';
export type { Toast, ToastApi, ToastKind } from './components/Toasts';
export { Dialog } from './components/Dialog';
export type { DialogProps } from './components/Dialog';
export { ConfirmDialog } from './components/ConfirmDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog';
export { FormDialog } from './components/FormDialog';
export type { FormDialogProps } from './components/FormDialog';
export { Footer } from './components/Footer';
export { copyrightText } from './components/copyright';
export type { FooterProps, FooterLink, FooterPolicies } from './components/Footer';
export { ErrorBoundary, RemoteSlot } from './components/ErrorBoundary';
export type { RemoteSlotProps } from './components/ErrorBoundary';
export { AppHeader } from './components/AppHeader';
export type { AppHeaderProps } from './components/AppHeader';
export { ExternalLink } from './components/ExternalLink';
export { Icon } from './components/Icon';
export type { IconName, IconProps } from './components/Icon';
export { Switch } from './components/Switch';
export type { SwitchProps } from './components/Switch';
export {
  CONSENT_VERSION,
  CONSENT_STORAGE_KEY,
  CONSENT_CHANGED_EVENT,
  OPEN_CONSENT_SETTINGS_EVENT,
  ACCEPT_ALL,
  REJECT_NON_ESSENTIAL,
  makeConsent,
  parseConsent,
  readConsent,
  saveConsent,
  clearConsent,
  useConsent,
  openConsentSettings,
} from './consent/consent';
export type { Consent, ConsentChoices } from './consent/consent';
export { publishVisitorPosition, useVisitorPosition } from './state/visitorPosition';
export type { VisitorPosition } from './state/visitorPosition';
