/**
 * The order form's values and how they turn into what the server takes. The form keeps what the user typed
 * as text (a half-typed "-1." must survive a re-render and a reload); numbers are parsed only to check
 * them and to send them. Field error keys name lines by eye ('lines.OD.parameters.sphere'), so a message
 * stays on its field whichever eyes are ordered; the server's keys ('lines.0.…') are mapped onto them.
 */
import type { LensDesign, ParameterDefinition } from '../../../../../core/schemas/lenses';
import {
  EYES,
  ORDER_LIMITS,
  SHIP_TO,
  SHIPPING_METHODS,
  type Order,
  type OrderDraft,
  type OrderFields,
  type OrderLine,
} from '../../../../../core/schemas/orders';
import { validateLensParameters, type ParameterValues } from '../../../../../core/rules/lens-parameters';
import { linesInWarranty } from '../../../../../core/rules/warranty';
import type { PostalAddress } from '../../../../../core/schemas/customers/customer-info';

export type Eye = (typeof EYES)[number];
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export type ShipTo = (typeof SHIP_TO)[number];

export interface LineValues {
  enabled: boolean;
  lensId: string;
  /** Raw text per parameter key (option values for option parameters). */
  parameters: Record<string, string>;
  quantity: string;
  notes: string;
}

export interface AddressValues {
  address: string;
  apt: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface Remake {
  kind: 'reorder' | 'warranty';
  ofOrderId: string;
}

export interface OrderFormValues {
  patient: string;
  poNumber: string;
  lines: Record<Eye, LineValues>;
  shipping: { method: ShippingMethod | ''; shipTo: ShipTo; address: AddressValues };
  notes: string;
  attachments: { name: string; size: number; type: string }[];
  remake?: Remake | undefined;
  /** "Order this": the consult whose answer the order places (the server marks it ordered on submit). */
  consultId?: string | undefined;
}

/** A lens an edit started from, to mark what differs from it: an order line, or a consult's current lens. */
export type OriginalLine = Pick<OrderLine, 'eye' | 'lensId' | 'parameters'> & {
  design: Pick<OrderLine['design'], 'name'>;
};

/** What the form compares against: the order being remade, or the lens a consult was about. */
export interface OrderFormOriginal {
  orderNumber?: string | null | undefined;
  lines: readonly OriginalLine[];
}

export const emptyLine = (enabled: boolean): LineValues => ({
  enabled,
  lensId: '',
  parameters: {},
  quantity: '1',
  notes: '',
});

export function addressValues(address: Partial<PostalAddress> | Record<string, string> | undefined): AddressValues {
  const a = (address ?? {}) as Record<string, string | undefined>;
  return {
    address: a.address ?? '',
    apt: a.apt ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    zip: a.zip ?? '',
    country: a.country ?? '',
  };
}

export function emptyOrderForm(shippingAddress?: Partial<PostalAddress>): OrderFormValues {
  return {
    patient: '',
    poNumber: '',
    lines: { OD: emptyLine(true), OS: emptyLine(false) },
    shipping: { method: 'standard', shipTo: 'office', address: addressValues(shippingAddress) },
    notes: '',
    attachments: [],
  };
}

/** A parameter's typed text as the value validateLensParameters and the server take. */
export function parseParameter(
  def: ParameterDefinition | undefined,
  text: string | undefined,
): number | string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (!def || def.kind === 'option') return text;
  return Number(text.trim());
}

export function parameterValuesOf(design: LensDesign | undefined, raw: Record<string, string>): ParameterValues {
  const values: ParameterValues = {};
  const defs = new Map(design?.parameters.map((p) => [p.key, p]) ?? []);
  for (const [key, text] of Object.entries(raw)) {
    if (design && !defs.has(key)) continue; // values of a design chosen before are not this design's
    const value = parseParameter(defs.get(key), text);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** The number text a stored parameter value is edited as. */
export const parameterText = (value: number | string | undefined): string => (value === undefined ? '' : String(value));

export const enabledEyes = (values: OrderFormValues): Eye[] => EYES.filter((eye) => values.lines[eye].enabled);

/**
 * Messages for parameters as the user types: range, step and option problems of values typed so far, but
 * not "required" for fields not reached yet (those show on submit, `includeMissing`).
 */
export function lineParameterErrors(
  design: LensDesign | undefined,
  line: Pick<LineValues, 'parameters'>,
  includeMissing: boolean,
): Record<string, string> {
  if (!design) return {};
  const values = parameterValuesOf(design, line.parameters);
  const all = validateLensParameters(design.parameters, values);
  if (includeMissing) return all;
  const shown: Record<string, string> = {};
  for (const [key, message] of Object.entries(all)) if (values[key] !== undefined) shown[key] = message;
  return shown;
}

const trimmedOrUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

function quantityOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The submit body (before schema parsing). `lines` holds the enabled eyes, OD first. */
export function toOrderFields(values: OrderFormValues, designs: readonly LensDesign[]): OrderFields {
  const byId = new Map(designs.map((d) => [d.lensId, d]));
  const { address } = values.shipping;
  return {
    patient: values.patient,
    ...(trimmedOrUndefined(values.poNumber) ? { poNumber: values.poNumber.trim() } : {}),
    lines: enabledEyes(values).map((eye) => {
      const line = values.lines[eye];
      return {
        eye,
        lensId: line.lensId,
        parameters: parameterValuesOf(byId.get(line.lensId), line.parameters) as Record<string, number | string>,
        quantity: quantityOf(line.quantity),
        ...(trimmedOrUndefined(line.notes) ? { notes: line.notes.trim() } : {}),
      };
    }),
    shipping: {
      method: values.shipping.method as ShippingMethod,
      shipTo: values.shipping.shipTo,
      address: {
        address: address.address,
        city: address.city,
        state: address.state,
        zip: address.zip,
        ...(trimmedOrUndefined(address.apt) ? { apt: address.apt.trim() } : {}),
        ...(trimmedOrUndefined(address.country) ? { country: address.country.trim() } : {}),
      },
    },
    ...(trimmedOrUndefined(values.notes) ? { notes: values.notes } : {}),
    attachments: values.attachments,
    ...(values.remake ? { remake: values.remake } : {}),
    ...(values.consultId ? { consultId: values.consultId } : {}),
  };
}

const clip = (text: string, max: number) => text.slice(0, max);

/** What saveOrderDraft takes: the same shapes, unchecked for range, clipped to the draft's size limits. */
export function toOrderDraft(values: OrderFormValues, designs: readonly LensDesign[]): OrderDraft {
  const byId = new Map(designs.map((d) => [d.lensId, d]));
  const address: Record<string, string> = {};
  for (const [key, text] of Object.entries(values.shipping.address))
    if (text) address[key] = clip(text, ORDER_LIMITS.addressField);
  return {
    patient: clip(values.patient, ORDER_LIMITS.patient),
    poNumber: clip(values.poNumber, ORDER_LIMITS.poNumber),
    lines: enabledEyes(values).map((eye) => {
      const line = values.lines[eye];
      const parameters: Record<string, number | string> = {};
      for (const [key, value] of Object.entries(parameterValuesOf(byId.get(line.lensId), line.parameters))) {
        if (typeof value === 'number' && Number.isFinite(value)) parameters[key] = value;
        else if (typeof value === 'string') parameters[key] = clip(value, ORDER_LIMITS.parameterText);
      }
      const quantity = Number(line.quantity);
      return {
        eye,
        ...(line.lensId ? { lensId: clip(line.lensId, ORDER_LIMITS.lensId) } : {}),
        parameters,
        ...(Number.isInteger(quantity) && quantity >= 0 && quantity <= ORDER_LIMITS.quantity.max ? { quantity } : {}),
        ...(line.notes ? { notes: clip(line.notes, ORDER_LIMITS.lineNotes) } : {}),
      };
    }),
    shipping: {
      ...(values.shipping.method ? { method: values.shipping.method } : {}),
      shipTo: values.shipping.shipTo,
      address,
    },
    notes: clip(values.notes, ORDER_LIMITS.notes),
    attachments: values.attachments,
    ...(values.remake ? { remake: values.remake } : {}),
    ...(values.consultId ? { consultId: values.consultId } : {}),
  };
}

/** Form values from a server draft (or a past order's fields, for reorders). */
export function fromOrderDraft(draft: OrderDraft, fallbackAddress?: Partial<PostalAddress>): OrderFormValues {
  const values = emptyOrderForm(fallbackAddress);
  values.lines.OD.enabled = false;
  for (const line of draft.lines ?? []) {
    values.lines[line.eye] = {
      enabled: true,
      lensId: line.lensId ?? '',
      parameters: Object.fromEntries(Object.entries(line.parameters ?? {}).map(([k, v]) => [k, parameterText(v)])),
      quantity: line.quantity === undefined ? '' : String(line.quantity),
      notes: line.notes ?? '',
    };
  }
  if (!values.lines.OD.enabled && !values.lines.OS.enabled) values.lines.OD.enabled = true;
  return {
    ...values,
    patient: draft.patient ?? '',
    poNumber: draft.poNumber ?? '',
    shipping: {
      method: draft.shipping?.method ?? 'standard',
      shipTo: draft.shipping?.shipTo ?? 'office',
      address:
        draft.shipping?.address && Object.keys(draft.shipping.address).length > 0
          ? addressValues(draft.shipping.address)
          : values.shipping.address,
    },
    notes: draft.notes ?? '',
    attachments: draft.attachments ?? [],
    ...(draft.remake ? { remake: draft.remake } : {}),
    ...(draft.consultId ? { consultId: draft.consultId } : {}),
  };
}

/**
 * A past order as the start of a reorder or warranty remake: its fields, a note of what it remakes. A warranty
 * remake starts with only the lenses still in their warranty (a two-design order has two windows), so the form
 * never offers an eye the server would refuse on submit.
 */
export function fromPastOrder(order: Order, remake: Remake, now = new Date()): OrderFormValues {
  const covered = remake.kind === 'warranty' ? linesInWarranty(order, now) : order.lines;
  const values = fromOrderDraft({
    patient: order.patient,
    ...(order.poNumber ? { poNumber: order.poNumber } : {}),
    lines: (covered.length > 0 ? covered : order.lines).map((l) => ({
      eye: l.eye,
      lensId: l.lensId,
      parameters: l.parameters,
      quantity: l.quantity,
      ...(l.notes ? { notes: l.notes } : {}),
    })),
    ...(order.shipping
      ? {
          shipping: {
            method: order.shipping.method,
            shipTo: order.shipping.shipTo ?? 'office',
            address: order.shipping.address as Record<string, string>,
          },
        }
      : {}),
    notes: order.notes ?? '',
    attachments: [], // files stay with the old order; the new one gets its own
  });
  return { ...values, remake };
}

/** Maps a server field key ('lines.0.parameters.sphere') onto the form's key ('lines.OD.parameters.sphere'). */
export function formKeyOfServerPath(path: string, values: OrderFormValues): string {
  const match = /^(?:order\.)?lines\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path.replace(/^order\./, '');
  const eye = enabledEyes(values)[Number(match[1])];
  return eye ? `lines.${eye}${match[2] ?? ''}` : 'lines';
}
