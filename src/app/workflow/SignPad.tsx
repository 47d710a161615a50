import { Button, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/** Props of {@link SignPad}. */
export interface SignPadProps {
  /** The drawn signature as a PNG data URL after each stroke; '' once cleared. */
  onChange: (dataUrl: string) => void;
  /** The pad's accessible name (请在此处签名). */
  label: string;
  /** The clear button's text (清除). */
  clearText: string;
  /** Shown under the pad while it is empty (the signature is required). */
  hint?: string;
}

/** CSS height of the pad (px); the width follows the dialog. */
const HEIGHT = 160;

/**
 * The handwritten signature of an approval (issue 15; JNPF `hasSign`): a canvas driven by the `signature_pad` library
 * (mouse, pen and touch strokes, sized for the device pixel ratio), with a 清除 button. Loaded lazily by the action
 * dialog only when a node asks for a signature, so the library stays out of the page's chunk. Drawing needs a
 * pointer; the clear button and the pad are reachable with Tab.
 */
export default function SignPad({ onChange, label, clearText, hint }: SignPadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
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
      setEmpty(p.isEmpty());
      change.current(p.isEmpty() ? '' : p.toDataURL('image/png'));
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
    setEmpty(true);
    change.current('');
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <canvas ref={canvas} tabIndex={0} role="img" aria-label={label} data-empty={empty} className="kd-flow-sign-canvas" style={{ width: '100%', height: HEIGHT, border: '1px dashed #d9d9d9', borderRadius: 6, touchAction: 'none' }} />
      <Space>
        <Button size="small" onClick={clear} data-testid="flow-sign-clear">
          {clearText}
        </Button>
        {empty && hint ? <Typography.Text type="secondary">{hint}</Typography.Text> : null}
      </Space>
    </Space>
  );
}
