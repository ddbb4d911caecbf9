import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { memo } from "react";
import type { BookingForm } from "./booking-draft.ts";
import { SelectField, TextField } from "./field.tsx";
import { type FormChange, SectionFrame } from "./form-section.tsx";

type ContactSectionProps = Pick<BookingForm, "firstName" | "lastName" | "email" | "phone"> & {
  errors: FieldErrors;
  onChange: FormChange;
};

export const ContactSection = memo(function ContactSection(
  { firstName, lastName, email, phone, errors, onChange }: ContactSectionProps,
) {
  return (
    <SectionFrame step="details">
      <div className="booking-grid">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={firstName}
          errors={errors.firstName}
          onValue={(firstName) => onChange({ firstName }, ["firstName"])}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={lastName}
          errors={errors.lastName}
          onValue={(lastName) => onChange({ lastName }, ["lastName"])}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          errors={errors.email}
          onValue={(email) => onChange({ email }, ["email"])}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="0412 345 678"
          required
          value={phone}
          errors={errors.phone}
          onValue={(phone) => onChange({ phone }, ["phone"])}
        />
      </div>
    </SectionFrame>
  );
});

interface AddressSectionProps {
  address: BookingForm["address"];
  errors: FieldErrors;
  /** Beside the postcode, e.g. that the business does not clean there (issue 14). */
  postcodeNotice?: string;
  onChange: FormChange;
}

export const AddressSection = memo(function AddressSection(
  { address, errors, postcodeNotice, onChange }: AddressSectionProps,
) {
  const setAddress = (key: keyof BookingForm["address"], value: string) =>
    onChange({ address: { ...address, [key]: value } }, [`address.${key}`]);
  return (
    <SectionFrame step="address">
      <div className="booking-grid">
        <TextField
          label="Unit (optional)"
          name="unit"
          autoComplete="address-line2"
          value={address.unit}
          errors={errors["address.unit"]}
          onValue={(value) => setAddress("unit", value)}
        />
        <TextField
          label="Street address"
          name="street"
          autoComplete="address-line1"
          required
          value={address.street}
          errors={errors["address.street"]}
          onValue={(value) => setAddress("street", value)}
        />
        <TextField
          label="Suburb"
          name="suburb"
          autoComplete="address-level2"
          required
          value={address.suburb}
          errors={errors["address.suburb"]}
          onValue={(value) => setAddress("suburb", value)}
        />
        <SelectField
          label="State"
          name="state"
          autoComplete="address-level1"
          required
          value={address.state}
          errors={errors["address.state"]}
          onValue={(value) => setAddress("state", value)}
        >
          <option value="">Choose your state</option>
          <option value="VIC">VIC — Victoria</option>
        </SelectField>
        <TextField
          label="Postcode"
          name="postCode"
          autoComplete="postal-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={4}
          required
          value={address.postCode}
          hint={postcodeNotice && <span className="booking-field__notice">{postcodeNotice}</span>}
          errors={errors["address.postCode"]?.filter((message) => message !== postcodeNotice)}
          onValue={(value) => setAddress("postCode", value.replace(/\D/g, ""))}
        />
      </div>
    </SectionFrame>
  );
});
