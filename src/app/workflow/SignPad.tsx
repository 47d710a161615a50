import { Button, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/** Props of {@link SignPad}. */
export interface SignPadProps {
  /** The signature as a PNG data URL after each stroke or typed signature; '' once cleared. */
  onChange: (dataUrl: string) => void;
  /** The pad's accessible name (请在此处签名). */
  label: string;
  /** The clear button's text (清除). */
  clearText: string;
  /** Shown under the pad while it is empty (the signature is required). */
  hint?: string;
  /** The typed-name field's name and placeholder (或输入姓名，按回车生成签名). */
  typeLabel: string;
  /** The button that turns the typed name into the signature (生成签名). */
  typeApply: string;
}

/** CSS height of the pad (px); the width follows the dialog. */
const HEIGHT = 160;
/** Handwriting-like faces for a typed signature (楷体 where installed), then the browser's cursive. */
const FONT = '"KaiTi", "STKaiti", "Kaiti SC", "AR PL UKai CN", "Segoe Script", "Brush Script MT", cursive';

/**
 * Draws `text` as a signature on `canvas` (CSS size `width` × HEIGHT; the context already scaled for the pixel ratio):
 * cleared first, a handwriting face at up to 56 px shrunk to fit, ink colour, left-aligned and vertically centred.
 */
export function drawTypedSignature(canvas: HTMLCanvasElement, text: string, width: number): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.restore();
  let size = 56;
  ctx.font = `italic ${size}px ${FONT}`;
  const measured = ctx.measureText?.(text)?.width ?? 0;
  if (measured > width - 32 && measured > 0) size = Math.max(14, Math.floor((size * (width - 32)) / measured));
  ctx.font = `italic ${size}px ${FONT}`;
  ctx.fillStyle = '#1f1f1f';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 16, HEIGHT / 2);
}

/**
 * The signature of an approval (issue 15; JNPF `hasSign`): a canvas driven by the `signature_pad` library (mouse, pen
 * and touch strokes, sized for the device pixel ratio), and — for keyboard and screen-reader users, who cannot draw —
 * a typed name that is rendered onto the same canvas in a handwriting face (Enter or 生成签名) and sent as the same
 * PNG; 清除 empties both. Loaded lazily by the action dialog only when a node asks for a signature, so the library
 * stays out of the page's chunk.
 */
export default function SignPad({ onChange, label, clearText, hint, typeLabel, typeApply }: SignPadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const [typed, setTyped] = useState('');
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = (el.offsetWidth || 400) * ratio;
    el.height = HEIGHT * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(el, { backgroundColor: 'rgba(255,255,255,0)' });
    const ended = () => {
      // A stroke over a typed signature keeps both (the canvas holds them); otherwise the pad says whether it is empty.
      const blank = p.isEmpty() && el.dataset.typed !== 'true';
      setEmpty(blank);
      change.current(blank ? '' : el.toDataURL('image/png'));
    };
    p.addEventListener('endStroke', ended);
    pad.current = p;
    return () => {
      p.removeEventListener('endStroke', ended);
      p.off();
      pad.current = null;
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    if (canvas.current) delete canvas.current.dataset.typed;
    setTyped('');
    setEmpty(true);
    change.current('');
  };

  /** Renders the typed name as the signature (nothing when blank). */
  const apply = () => {
    const el = canvas.current;
    const text = typed.trim();
    if (!el || !text) return;
    pad.current?.clear();
    drawTypedSignature(el, text, el.offsetWidth || 400);
    el.dataset.typed = 'true';
    setEmpty(false);
    change.current(el.toDataURL('image/png'));
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <canvas ref={canvas} role="img" aria-label={label} data-empty={empty} className="kd-flow-sign-canvas" style={{ width: '100%', height: HEIGHT, border: '1px dashed #d9d9d9', borderRadius: 6, touchAction: 'none' }} />
      <Space wrap>
        <Input
          size="small"
          aria-label={typeLabel}
          placeholder={typeLabel}
          value={typed}
          maxLength={40}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={(e) => {
            // Enter signs; it must not also press the dialog's 确定.
            e.preventDefault();
            e.stopPropagation();
            apply();
          }}
          style={{ width: 240 }}
          data-testid="flow-sign-typed"
        />
        <Button size="small" onClick={apply} disabled={!typed.trim()} data-testid="flow-sign-typed-apply">
          {typeApply}
        </Button>
        <Button size="small" onClick={clear} data-testid="flow-sign-clear">
          {clearText}
        </Button>
        {empty && hint ? <Typography.Text type="secondary">{hint}</Typography.Text> : null}
      </Space>
    </Space>
  );
}
