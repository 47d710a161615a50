import { UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Typography, Upload } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, avatarSrc, uploadAvatar } from '../../api/currentUser';
import { toast } from '../../api/toast';
import { tokenAtom, userInfoAtom } from '../session/atoms';

/**
 * Avatar upload (POST …/Current/Avatar/{name}; spec 000 §5 image limit 5 MB): images only, one at a time, at most
 * 5242880 bytes (else 图片大小不能超过5M / 只能上传图片文件 before any upload). On success the new avatar shows here
 * and in the navbar.
 */
export default function AvatarTab() {
  const { t } = useTranslation();
  const [user, setUser] = useAtom(userInfoAtom);
  const token = useAtomValue(tokenAtom);
  const [busy, setBusy] = useState(false);
  const check = (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast('error', t('profile.avatarOnlyImage'), 1500);
      return false;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast('error', t('profile.avatarTooBig'), 1500);
      return false;
    }
    return true;
  };
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const saved = await uploadAvatar(file);
      setUser((u) => (u ? { ...u, headIcon: saved.url } : u));
      toast('success', t('profile.avatarSaved'));
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="kd-profile-avatar">
      <Avatar size={96} src={avatarSrc(user?.headIcon, token) || undefined} className="kd-avatar" data-testid="profile-avatar">
        {user?.userName?.slice(0, 1)}
      </Avatar>
      <div>
        <Upload
          accept="image/*"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => (check(file) ? true : Upload.LIST_IGNORE)}
          customRequest={({ file }) => void upload(file as File)}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('profile.uploadAvatar')}
          </Button>
        </Upload>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('profile.avatarTip')}
        </Typography.Paragraph>
      </div>
    </div>
  );
}
