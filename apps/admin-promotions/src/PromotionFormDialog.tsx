// Create/Edit Promotion (admin spec: Promotion Management, Promotion form): the business (Active ones
// only), the plan with its title and price from Settings, the start date (not before the platform's
// today), the end date that follows from them, position and auto-renew (monthly plan only). Checked with
// the shared schemas before sending; the server's field errors appear under the same fields.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PROMOTION_MESSAGES, type AdminPromotion } from '@afterwards/contracts';
import { errorMessage, fieldErrors, formatPounds } from '@afterwards/web-staff';
import { Alert, Button, InlineLoading, Select, Switch, TextInput } from '@afterwards/web-ui';
import { StaffFormDialog, useStaffForm } from '@afterwards/web-ui/back-office';
import { isStale, keys, promotionsApi, failureMessage } from './api';
import {
  editableFields,
  emptyPromotionForm,
  endDateOf,
  formErrorsOf,
  formValuesOf,
  offersAutoRenew,
  validatePromotionForm,
  type PromotionFormErrors,
  type PromotionFormResult,
  type PromotionFormValues,
} from './promotion-form';
import { PLAN_OPTIONS, formatCalendarDate } from './promotion-view';

export type SavePromotion = (request: Extract<PromotionFormResult, { ok: true }>, promotion: AdminPromotion | null) => Promise<void>;

export function PromotionFormDialog({
  promotion: initial,
  listingId,
  today,
  onSave,
  onReload,
  onClose,
}: {
  /** The promotion to edit, or null to create one. */
  promotion: AdminPromotion | null;
  /** Creating for this business (Local Businesses' 'Promote'): the business selector starts on it. */
  listingId?: string;
  /** The platform's today (the list response's `today`). */
  today: string;
  /** Sends the request; throws the server's error, which the dialog shows. */
  onSave: SavePromotion;
  /** The promotion as the server now holds it (after someone else changed it), or null if it is gone. */
  onReload: (id: string) => Promise<AdminPromotion | null>;
  onClose: () => void;
}) {
  const formId = useId();
  const {
    entry: promotion,
    values,
    errors,
    problem,
    saving,
    set: setField,
    setErrors,
    submit,
  } = useStaffForm<AdminPromotion, PromotionFormValues, PromotionFormErrors, PromotionFormResult>({
    initial,
    empty: () => emptyPromotionForm(today, listingId),
    valuesOf: formValuesOf,
    send: onSave,
    onSaved: onClose,
    // Someone else changed it: show what is there now, so the next save is made over it.
    isStale,
    reload: onReload,
    changed: PROMOTION_MESSAGES.changed,
    notFound: PROMOTION_MESSAGES.notFound,
    errorMessage,
    failed: (error, promotion) => {
      const fields = formErrorsOf(fieldErrors(error));
      const failed = promotion === null ? PROMOTION_MESSAGES.createFailed : PROMOTION_MESSAGES.updateFailed;
      return { errors: fields, text: Object.keys(fields).length ? failed : failureMessage(error, failed) };
    },
  });

  const creating = promotion === null;
  const settings = useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => promotionsApi.settings(signal) });
  const businesses = useQuery({ queryKey: keys.businesses, queryFn: ({ signal }) => promotionsApi.businesses(signal), enabled: creating, staleTime: 0 });
  const pricing = settings.data?.settings.promotionPricing;
  const noBusinesses = creating && businesses.data !== undefined && businesses.data.businesses.length === 0;
  const may = editableFields(promotion);
  const ready = pricing !== undefined && (!creating || businesses.data !== undefined);

  const set = <K extends keyof PromotionFormValues>(field: K, value: PromotionFormValues[K]) => {
    setField(field, value);
    if (field === 'plan' || field === 'startDate') setErrors((e) => ({ ...e, endDate: undefined, plan: undefined }));
  };
  const data = settings.data;
  const check =
    data && !noBusinesses
      ? (v: PromotionFormValues, p: AdminPromotion | null) =>
          validatePromotionForm(v, p, { today, pricing: data.settings.promotionPricing, maxDurationDays: data.settings.platformConfig.maxPromotionDuration })
      : null;

  // Once started, the end date is the promotion's own (renewals move it on); before, it follows the form.
  const endDate = !may.startDate && promotion ? promotion.endDate : pricing ? endDateOf(values.startDate, values.plan, pricing) : null;
  const plan = pricing?.[values.plan];
  const title = creating ? 'Create Promotion' : 'Edit Promotion';

  return (
    <StaffFormDialog
      legend="Promotion details"
      onClose={onClose}
      title={title}
      onSubmit={(e) => void submit(e, check)}
      submitLabel={creating ? 'Create Promotion' : 'Save Changes'}
      saving={saving}
      submitDisabled={!ready || noBusinesses}
      submitDescribedBy={noBusinesses ? `${formId}-none` : undefined}
      intro={
        <>
          <div role="alert">{problem ? <Alert tone={problem.tone}>{problem.text}</Alert> : null}</div>
          {settings.isError ? (
            <div role="alert">
              <Alert tone="error">
                The plans and prices could not be loaded: {errorMessage(settings.error)}{' '}
                <Button size="sm" variant="quiet" onClick={() => void settings.refetch()}>
                  Try again
                </Button>
              </Alert>
            </div>
          ) : null}
          {creating && businesses.isError ? (
            <div role="alert">
              <Alert tone="error">
                The businesses could not be loaded: {errorMessage(businesses.error)}{' '}
                <Button size="sm" variant="quiet" onClick={() => void businesses.refetch()}>
                  Try again
                </Button>
              </Alert>
            </div>
          ) : null}
          {noBusinesses ? (
            <Alert tone="warning" id={`${formId}-none`}>
              {PROMOTION_MESSAGES.noActiveBusinesses}
            </Alert>
          ) : null}
          {!ready && !settings.isError && !businesses.isError ? <InlineLoading>Loading the form...</InlineLoading> : null}
        </>
      }
    >
      {ready ? (
        <>
          {creating ? (
            <Select
              className="aw-form__wide"
              label="Business"
              hint="Only Active businesses can be promoted."
              required
              value={values.listingId}
              onChange={(e) => set('listingId', e.target.value)}
              error={errors.listingId}
              disabled={noBusinesses}
              autoFocus={!noBusinesses}
              options={[
                { value: '', label: noBusinesses ? 'No active businesses' : 'Choose a business' },
                ...(businesses.data?.businesses ?? []).map((b) => ({ value: b.id, label: `${b.name} · ${b.location}` })),
              ]}
            />
          ) : (
            <div className="aw-form__wide aw-stack pm-readonly-field">
              <span className="aw-field__label">Business</span>
              <p className="pm-readonly-field__value">
                {promotion.businessName}
                {promotion.businessLocation ? <span className="aw-muted"> · {promotion.businessLocation}</span> : null}
              </p>
            </div>
          )}
          <Select
            label="Promotion type"
            hint={plan ? `${formatPounds(plan.price)} for ${plan.durationDays} ${plan.durationDays === 1 ? 'day' : 'days'}${plan.description ? `. ${plan.description}` : ''}` : undefined}
            value={values.plan}
            onChange={(e) => {
              const next = e.target.value as PromotionFormValues['plan'];
              set('plan', next);
              if (!offersAutoRenew(next)) set('autoRenew', false);
            }}
            error={errors.plan}
            disabled={!may.plan}
            autoFocus={!creating && may.plan}
            options={PLAN_OPTIONS(pricing)}
          />
          <TextInput
            label="Start date"
            hint={may.startDate ? `Today (${formatCalendarDate(today)}) or later.` : PROMOTION_MESSAGES.startLocked}
            type="date"
            required
            min={may.startDate ? today : undefined}
            value={may.startDate ? values.startDate : (promotion?.startDate ?? '')}
            onChange={(e) => set('startDate', e.target.value)}
            error={errors.startDate}
            disabled={!may.startDate}
          />
          {/* Not an input: it follows from the plan and start date, and is read (and announced) as it changes. */}
          <div className="aw-stack pm-readonly-field">
            <span className="aw-field__label" id={`${formId}-end`}>
              End date
            </span>
            <span className="aw-field__hint">{may.startDate ? `Start date plus the plan's ${plan?.durationDays ?? ''} days.` : 'Moves on when the promotion is renewed.'}</span>
            <p className="pm-computed" aria-labelledby={`${formId}-end`} aria-live="polite" data-testid="promotion-end-date">
              {endDate ? formatCalendarDate(endDate) : 'Choose a start date'}
            </p>
            {errors.endDate ? <span className="aw-field__error">{errors.endDate}</span> : null}
          </div>
          <TextInput
            label="Display position"
            hint="1 shows first among promoted businesses."
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            value={values.position}
            onChange={(e) => set('position', e.target.value)}
            error={errors.position}
            disabled={!may.position}
            autoFocus={!creating && !may.plan}
          />
          {offersAutoRenew(values.plan) ? (
            <div className="aw-form__wide">
              <Switch
                label="Auto-renew"
                description="Renews for another period at the plan's price when this one ends."
                checked={values.autoRenew}
                onChange={may.autoRenew ? (on) => set('autoRenew', on) : undefined}
                locked={!may.autoRenew}
                lockedText={values.autoRenew ? 'On' : 'Off'}
              />
              {errors.autoRenew ? <span className="aw-field__error">{errors.autoRenew}</span> : null}
            </div>
          ) : errors.autoRenew ? (
            <p className="aw-field__error aw-form__wide">{errors.autoRenew}</p>
          ) : null}
        </>
      ) : null}
    </StaffFormDialog>
  );
}
