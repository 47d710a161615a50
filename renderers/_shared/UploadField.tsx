import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Upload, type UploadFile } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { checkUpload, DEFAULT_IMAGE_ACCEPT, type UploadLimits } from '../../src/engine/upload';
import { fieldOf } from './fieldProps';
import type { FieldConfig } from '../../schemas/field';
import { useFormFields } from './FormFieldsContext';
import { fileHref, uploadFile, useKdData } from './KdDataContext';
import type { KdFormContext } from './templates';
import type { StoredFile } from './uploadDef';
import { useWidgetLang, useWidgetWord } from './words';

/**
 * The field's `vModel` as the server's upload limits look it up: `__vModel__`, or `<table>.<column>` for a sub-table
 * cell (found in the form's `byModel` by identity).
 */
export function vModelOf(field: FieldConfig, byModel: Record<string, FieldConfig>): string {
  for (const [k, f] of Object.entries(byModel)) if (f === field) return k;
  return field.__vModel__ ?? '';
}

/** `POST /api/file/Uploader/{annex|annexpic}`, with `?modelId=&vModel=` when the form belongs to a model. */
export function uploadPath(kind: 'file' | 'image', modelId: string | undefined, vModel: string): string {
  const base = `/api/file/Uploader/${kind === 'image' ? 'annexpic' : 'annex'}`;
  return modelId && vModel ? `${base}?modelId=${encodeURIComponent(modelId)}&vModel=${encodeURIComponent(vModel)}` : base;
}

/**
 * The upload widget shared by uploadFz and uploadImg (spec 001 §5 "File upload"): checks size, type and count before
 * sending (message shown under the button, in the user's language), uploads to `POST /api/file/Uploader/{annex|annexpic}` with the form's
 * `modelId` and the field's `vModel` (so the server applies this field's own limits), and stores `[{name, fileId,
 * url}]`. Failed uploads show the server's msg, or 上传失败. Links and previews carry `?token=` (fileHref) so a plain
 * `<a>`/`<img>` opens them for the signed-in user. Read-only shows the files as links.
 */
export default function UploadField({ id, value, disabled, readonly, onChange, options, registry, kind }: WidgetProps & { kind: 'file' | 'image' }) {
  const w = useWidgetWord();
  const lang = useWidgetLang();
  const field = fieldOf(options);
  const data = useKdData();
  const byModel = useFormFields();
  const modelId = (registry?.formContext as KdFormContext | undefined)?.modelId;
  const path = uploadPath(kind, modelId, vModelOf(field, byModel));
  const [error, setError] = useState<string | null>(null);
  const files: StoredFile[] = Array.isArray(value) ? value : [];
  const latest = useRef(files);
  latest.current = files;
  const limits: UploadLimits = { fileSize: field.fileSize as number, sizeUnit: field.sizeUnit as string, accept: field.accept as string, limit: field.limit as number };
  const accept = limits.accept || (kind === 'image' ? DEFAULT_IMAGE_ACCEPT : undefined);
  const pending = useRef(0);
  const list: UploadFile[] = useMemo(
    () =>
      files.map((f) => {
        const href = fileHref(data, f.url);
        return { uid: f.fileId, name: f.name, status: 'done', url: href, thumbUrl: kind === 'image' ? href : undefined };
      }),
    [files, data, kind],
  );
  const locked = disabled || readonly;
  const full = typeof limits.limit === 'number' && limits.limit > 0 && files.length >= limits.limit;
  return (
    <div id={id}>
      <Upload
        accept={accept}
        multiple
        listType={kind === 'image' ? 'picture-card' : 'text'}
        fileList={list}
        disabled={locked}
        showUploadList={{ showRemoveIcon: !locked }}
        beforeUpload={(file) => {
          const msg = checkUpload(file, limits, latest.current.length + pending.current, kind, lang);
          setError(msg);
          if (msg) return Upload.LIST_IGNORE;
          pending.current++;
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const f = file as File;
          uploadFile(data, path, f)
            .then((res) => {
              const r = (res ?? {}) as Partial<StoredFile>;
              const stored: StoredFile = { name: r.name || f.name, fileId: r.fileId || r.url || f.name, url: r.url || '' };
              pending.current--;
              onChange([...latest.current, stored]);
              onSuccess?.(res);
            })
            .catch((e: Error) => {
              pending.current--;
              setError(e.message || w('uploadFailed'));
              onError?.(e);
            });
        }}
        onRemove={(f) => {
          onChange(latest.current.filter((x) => x.fileId !== f.uid).length ? latest.current.filter((x) => x.fileId !== f.uid) : undefined);
          return true;
        }}
      >
        {locked || full ? null : kind === 'image' ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 4 }}>{w('upload')}</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />}>{String(field.buttonText || w('clickUpload'))}</Button>
        )}
      </Upload>
      {error ? (
        <div className="kd-upload-error" style={{ color: '#ff4d4f', fontSize: 12 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
