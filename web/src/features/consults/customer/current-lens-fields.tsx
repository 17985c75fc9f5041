import { useState } from 'react';
import type { LensDesign } from '../../../../../core/schemas/lenses';
import { EYE_LABELS, type Order, type OrderSummary } from '../../../../../core/schemas/orders';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { FormErrors } from '../../../lib/form-errors';
import { dateTime } from '../../../lib/format-time';
import { DesignSelect, ParameterField } from '../../orders';
import { useShippedOrders } from '../api/customer-consults';
import { ChoiceGroup } from '../components/choice-group';
import { LensParameterList } from '../components/lens-parameter-list';
import { LENS_PATHS, noLineForEye, pastOrderLine, type LensSource, type NewConsultValues } from './new-consult-values';
import styles from './customer-consults.module.css';

const SOURCES = [
  { value: 'order', label: 'From a past order' },
  { value: 'typed', label: 'Type it in' },
] as const satisfies readonly { value: LensSource; label: string }[];

const SEARCH_PAUSE_MS = 350;

const orderLabel = (order: OrderSummary) =>
  [
    order.orderNumber ?? 'Order',
    order.patient,
    order.lenses.map((lens) => `${lens.eye} ${lens.name}`).join(', '),
    `shipped ${dateTime(order.statusAt)}`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The lens on the eye: a line of one of the account's shipped orders (its design and parameters are taken
 * as ordered, and "Order this" later remakes that order), or a catalogue design with the parameters typed.
 */
export function CurrentLensFields({
  accountNumber,
  values,
  designs,
  pastOrder,
  errors,
  onChange,
}: {
  accountNumber: string;
  values: NewConsultValues;
  designs: readonly LensDesign[];
  /** The chosen order as read (undefined while it is read). */
  pastOrder: { order: Order | undefined; loading: boolean; failed: boolean };
  errors: FormErrors;
  /** Sets the value at a path of the values and clears the messages at `cleared` (by default the path's own). */
  onChange: (path: string, value: unknown, cleared?: readonly string[]) => void;
}) {
  const lens = values.currentLens;
  const design = designs.find((d) => d.lensId === lens.lensId);

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Current lens</legend>
      <ChoiceGroup
        legend="Where does the lens on the eye come from?"
        name="lensSource"
        choices={SOURCES}
        value={values.lensSource}
        onChange={(lensSource) => onChange('lensSource', lensSource, ['lensSource', 'currentLens'])}
      />
      {values.lensSource === 'order' ? (
        <PastOrderChooser
          accountNumber={accountNumber}
          values={values}
          pastOrder={pastOrder}
          error={errors[LENS_PATHS.fromOrderId]}
          onChoose={(fromOrderId) => onChange(LENS_PATHS.fromOrderId, fromOrderId)}
        />
      ) : (
        <div className={styles.typed}>
          <DesignSelect
            label="Lens design"
            designs={designs}
            value={lens.lensId}
            error={errors[LENS_PATHS.lensId]}
            showPrices={false}
            onChange={(lensId) => onChange(LENS_PATHS.lensId, lensId)}
          />
          {design ? (
            <fieldset className={styles.params}>
              <legend className={styles.paramsLegend}>
                Parameters of {design.name} (what you know; none is required)
              </legend>
              {design.parameters.map((def) => (
                <ParameterField
                  key={def.key}
                  def={{ ...def, required: false }}
                  name={LENS_PATHS.parameter(def.key)}
                  value={lens.parameters[def.key] ?? ''}
                  error={errors[LENS_PATHS.parameter(def.key)]}
                  onChange={(text) => onChange(LENS_PATHS.parameter(def.key), text)}
                />
              ))}
            </fieldset>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}

function PastOrderChooser({
  accountNumber,
  values,
  pastOrder,
  error,
  onChoose,
}: {
  accountNumber: string;
  values: NewConsultValues;
  pastOrder: { order: Order | undefined; loading: boolean; failed: boolean };
  error: string | undefined;
  onChoose: (orderId: string) => void;
}) {
  const [typed, setTyped] = useState('');
  // Asked once typing pauses, not per keystroke (the page's form holds this field: no search form of its own).
  const search = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const orders = useShippedOrders(accountNumber, search);
  const items = orders.data?.items ?? [];
  // The chosen order stays a choice while a search shows others.
  const options = items.map((o) => ({ value: o.orderId, label: orderLabel(o) }));
  const fromOrderId = values.currentLens.fromOrderId;
  const chosen = pastOrder.order && pastOrder.order.orderId === fromOrderId ? pastOrder.order : undefined;
  if (chosen && !options.some((o) => o.value === chosen.orderId))
    options.unshift({ value: chosen.orderId, label: `${chosen.orderNumber ?? 'Order'} · ${chosen.patient}` });
  const line = pastOrderLine(chosen, values.eye);

  return (
    <div className={styles.pastOrder}>
      <TextField
        label="Find a shipped order by patient (optional)"
        type="search"
        placeholder="Patient name or reference"
        autoComplete="off"
        maxLength={80}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        // Enter searches (the list follows the text); it must not send the request.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {orders.isPending ? (
        <p className={styles.muted} role="status">
          <Spinner size={14} /> Loading shipped orders…
        </p>
      ) : orders.isError ? (
        <p className={styles.error} role="alert">
          The shipped orders could not be loaded. Type the lens in, or reload the page to try again.
        </p>
      ) : (
        <SelectField
          label="Shipped order"
          name={LENS_PATHS.fromOrderId}
          placeholder={
            options.length === 0
              ? search
                ? 'No shipped orders for that patient'
                : 'No shipped orders yet'
              : 'Choose the order…'
          }
          options={options}
          value={fromOrderId}
          error={error}
          hint="The lens of the consult's eye is taken from it as ordered."
          onChange={(event) => onChoose(event.target.value)}
        />
      )}
      {fromOrderId && pastOrder.loading ? (
        <p className={styles.muted} role="status">
          <Spinner size={14} /> Reading the order…
        </p>
      ) : null}
      {fromOrderId && pastOrder.failed ? (
        <p className={styles.error} role="alert">
          That order could not be read. Choose it again, or type the lens in.
        </p>
      ) : null}
      {chosen && values.eye ? (
        line ? (
          <section className={styles.lensCard} aria-label={`Lens of order ${chosen.orderNumber ?? ''}`}>
            <h3 className={styles.lensTitle}>
              {EYE_LABELS[line.eye]}: {line.design.name}
            </h3>
            <LensParameterList parameters={line.parameters} definitions={line.design.parameters} />
          </section>
        ) : error ? null : (
          <p className={styles.error}>{noLineForEye(chosen, values.eye)}</p>
        )
      ) : chosen ? (
        <p className={styles.muted}>Choose the eye to take its lens from this order.</p>
      ) : null}
    </div>
  );
}
