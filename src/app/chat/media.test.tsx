// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { fromStored } from './items';
import { formatLength, MediaMessage, parseMedia } from './media';

/**
 * Voice and video messages (spec 000 §2 "Voice and video messages open in a dialog"; issue 14 item 5): JNPF's stored
 * contents are read ({path,length} for voice, a JSON string URL for video), the message shows as [语音]/[视频] with
 * its length, and a click opens a dialog with the browser's player of the stored file (token added to our own
 * paths); closing the dialog pauses the player.
 */

beforeAll(() => {
  initI18n('zh');
});
afterEach(cleanup);

describe('voice and video contents', () => {
  it("reads JNPF's stored contents; anything naming no file is not media", () => {
    expect(parseMedia('{"path":"/api/file/Image/IM/v.mp3","length":"3"}')).toEqual({ path: '/api/file/Image/IM/v.mp3', length: '3' });
    expect(parseMedia(JSON.stringify('/api/file/Image/IM/clip.mp4'))).toEqual({ path: '/api/file/Image/IM/clip.mp4' });
    expect(parseMedia('https://cdn.example.com/clip.mp4')).toEqual({ path: 'https://cdn.example.com/clip.mp4' });
    for (const junk of ['{}', '{"path":""}', '""', 'null', '42', '{"path":3}']) expect(parseMedia(junk)).toBeNull();
    expect([formatLength(3), formatLength('75'), formatLength(undefined), formatLength('约3秒')]).toEqual(['0:03', '1:15', '', '约3秒']);
  });

  it('a stored voice or video row becomes a media item; text and image rows do not', () => {
    const row = { id: 'm1', sendUserId: 'u2', receiveUserId: 'u1', sendTime: 1, receiveTime: null, state: 1 };
    expect(fromStored({ ...row, contentType: 'voice', content: '{"path":"/a.mp3","length":2}' }, 'u1')).toMatchObject({ type: 'voice', mine: false, media: { path: '/a.mp3', length: 2 }, image: null, text: '' });
    expect(fromStored({ ...row, contentType: 'video', content: '"/b.mp4"' }, 'u2')).toMatchObject({ type: 'video', mine: true, media: { path: '/b.mp4' } });
    expect(fromStored({ ...row, contentType: 'image', content: '{"path":"/c.png","width":8,"height":6}' }, 'u1')).toMatchObject({ media: null, image: { path: '/c.png', width: 8, height: 6 } });
    expect(fromStored({ ...row, contentType: 'text', content: '{"path":"/d.mp3"}' }, 'u1')).toMatchObject({ media: null, image: null, text: '{"path":"/d.mp3"}' });
  });
});

describe('MediaMessage', () => {
  it('[语音] with its length; a click opens a dialog with an audio player of the file, closing pauses it', async () => {
    render(<MediaMessage type="voice" media={{ path: '/api/file/Download/IM/20261126/abc/v.mp3', length: 75 }} token="tok 1" />);
    const item = screen.getByTestId('chat-media');
    expect(item.textContent).toContain('[语音] 1:15');
    expect(document.querySelector('audio')).toBeNull();
    fireEvent.click(item);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('语音')).toBeTruthy();
    const audio = dialog.querySelector('audio') as HTMLAudioElement;
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('src')).toBe('/api/file/Download/IM/20261126/abc/v.mp3?token=tok%201');
    await audio.play();
    expect(audio.paused).toBe(false);
    // Closing pauses the player at once (it is removed when the closing animation ends, which happy-dom never runs).
    fireEvent.click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Close' }));
    expect(audio.paused).toBe(true);
  });

  it('[视频] without a length opens a video player; a URL outside the server gets no token', async () => {
    render(<MediaMessage type="video" media={{ path: 'https://cdn.example.com/clip.mp4' }} token="tok" />);
    const item = screen.getByTestId('chat-media');
    expect(item.textContent?.trim()).toBe('[视频]');
    fireEvent.click(item);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('视频')).toBeTruthy();
    const video = dialog.querySelector('video') as HTMLVideoElement;
    expect([video.hasAttribute('controls'), video.getAttribute('src')]).toEqual([true, 'https://cdn.example.com/clip.mp4']);
  });
});
