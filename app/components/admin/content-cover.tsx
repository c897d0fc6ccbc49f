import { useId } from "react";
import { PhotoField } from "~/components/admin/photo-field";

/** A photo upload, or (the seeded articles) one of the pictures the store ships. */
export interface Cover {
  key?: string;
  widths?: number[];
  src?: string;
  alt: string;
}

/** An entry's cover photo (optional): a photo field keeping what the cover's schema keeps, the upload's key and widths. */
export function CoverField({ cover, onChange, error }: { cover: Cover | null; onChange: (cover: Cover | null) => void; error?: string }) {
  const id = useId();
  return (
    <PhotoField<Cover>
      id={id}
      legend="Cover photo"
      prominent
      optional
      photo={cover}
      fromUpload={({ key, widths }, alt) => ({ key, widths, alt })}
      onChange={onChange}
      error={error}
      removeLabel="Remove the cover"
    />
  );
}
