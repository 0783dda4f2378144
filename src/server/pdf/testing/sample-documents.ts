import type { PdfContent } from '../render-pdf';

/** Holder names in four scripts, as they would appear on a document. */
export const NAMES = {
  latin: 'Zoë Ångström-Núñez',
  cyrillic: 'Иван Петров',
  arabic: 'محمد عبد الله',
  chinese: '王小明',
};

const SEAL_TEXT = JSON.stringify({
  v: 1,
  t: 'ETA',
  n: 'ETA-2026-4F7K-9QX2',
  h: 'Zoë Ångström-Núñez',
  b: '1990-04-12',
  p: 'P12345678',
  c: 'SWE',
  f: '2026-12-01',
  u: '2028-11-30',
  k: 'k1',
  s: 'MEUCIQDf3Jq8w0mS6jz0yZr7a1q2YkRw7f5cZ7l0r3j0c0C9wIgUo2h5d3rQy1m0b9x2l4Q8pYvO6Zt4cN1sHk2fE7a9T0w',
});

const ISSUER = {
  en: 'Department of Immigration and Border Services',
  ar: 'إدارة الهجرة وخدمات الحدود',
  zh: '移民与边境服务部',
};

/** An approved ETA with three conditions, in English, Arabic or Chinese. */
export function sampleEta(lang: 'en' | 'ar' | 'zh'): PdfContent {
  const holder = { en: NAMES.latin, ar: NAMES.arabic, zh: NAMES.chinese }[lang];
  if (lang === 'ar') {
    return {
      lang,
      dir: 'rtl',
      title: 'تصريح السفر الإلكتروني',
      issuer: ISSUER.ar,
      subtitle: 'رقم الوثيقة ETA-2026-4F7K-9QX2',
      status: { label: 'موافق عليه', tone: 'positive' },
      fields: [
        { label: 'الاسم الكامل', value: holder },
        { label: 'الاسم بالأحرف اللاتينية', value: 'Mohammed Abdullah' },
        { label: 'تاريخ الميلاد', value: '1990-04-12' },
        { label: 'رقم جواز السفر', value: 'P12345678' },
        { label: 'الجنسية', value: 'المملكة العربية السعودية' },
        { label: 'صالح من', value: '2026-12-01' },
        { label: 'صالح حتى', value: '2028-11-30' },
      ],
      sections: [
        {
          heading: 'شروط التصريح',
          paragraphs: ['يخضع هذا التصريح للشروط التالية:'],
          items: [
            'يجب ألا تتجاوز مدة كل إقامة 90 يومًا.',
            'لا يسمح هذا التصريح بالعمل أو الدراسة لمدة تزيد على 30 يومًا.',
            'يجب أن يكون جواز السفر المذكور أعلاه صالحًا طوال مدة الإقامة.',
          ],
        },
        {
          heading: 'التحقق',
          paragraphs: ['يمكن لشركات النقل وموظفي الحدود التحقق من هذه الوثيقة بمسح رمز الاستجابة السريعة أدناه.'],
        },
      ],
      seal: { text: SEAL_TEXT, caption: 'ختم رقمي: امسح الرمز للتحقق من صحة هذا التصريح.' },
      footer: 'صادر عن إدارة الهجرة وخدمات الحدود في 2026-11-24. تحقق على https://eta.example.gov/verify',
    };
  }
  if (lang === 'zh') {
    return {
      lang,
      dir: 'ltr',
      title: '电子旅行许可',
      issuer: ISSUER.zh,
      subtitle: '文件编号 ETA-2026-4F7K-9QX2',
      status: { label: '已批准', tone: 'positive' },
      fields: [
        { label: '姓名', value: holder },
        { label: '拼音姓名', value: 'WANG Xiaoming' },
        { label: '出生日期', value: '1990-04-12' },
        { label: '护照号码', value: 'E12345678' },
        { label: '国籍', value: '中国' },
        { label: '生效日期', value: '2026-12-01' },
        { label: '有效期至', value: '2028-11-30' },
      ],
      sections: [
        {
          heading: '许可条件',
          paragraphs: ['本许可须遵守以下条件：'],
          items: [
            '每次停留不得超过 90 天。',
            '本许可不允许工作，学习不得超过 30 天。',
            '上述护照在停留期间必须保持有效。',
          ],
        },
        { heading: '核验', paragraphs: ['承运人和边境官员可扫描下方二维码核验本文件。'] },
      ],
      seal: { text: SEAL_TEXT, caption: '数字印章：扫描二维码以核验本许可的真实性。' },
      footer: '由移民与边境服务部于 2026-11-24 签发。核验网址：https://eta.example.gov/verify',
    };
  }
  return {
    lang,
    dir: 'ltr',
    title: 'Electronic Travel Authorisation',
    issuer: ISSUER.en,
    subtitle: 'Document number ETA-2026-4F7K-9QX2',
    status: { label: 'Approved', tone: 'positive' },
    fields: [
      { label: 'Full name', value: holder },
      { label: 'Date of birth', value: '12 April 1990' },
      { label: 'Passport number', value: 'P12345678' },
      { label: 'Nationality', value: 'Sweden' },
      { label: 'Valid from', value: '1 December 2026' },
      { label: 'Valid until', value: '30 November 2028' },
    ],
    sections: [
      {
        heading: 'Conditions',
        paragraphs: ['This authorisation is granted on the following conditions:'],
        items: [
          'Each stay must not exceed 90 days.',
          'You must not work, and you may study for no more than 30 days.',
          'The passport named above must remain valid for the whole of each stay.',
        ],
      },
      {
        heading: 'Checking this document',
        paragraphs: [
          'Carriers and border officers can check this document by scanning the code below. You do not need to print it: the authorisation is linked to your passport.',
        ],
      },
    ],
    seal: { text: SEAL_TEXT, caption: 'Digital seal: scan to check that this authorisation is genuine.' },
    footer:
      'Issued by the Department of Immigration and Border Services on 24 November 2026. Verify at https://eta.example.gov/verify',
  };
}

/** A rejection notice with two reasons, next steps and a data-protection contact, in English, Arabic or Chinese. */
export function sampleRejection(lang: 'en' | 'ar' | 'zh'): PdfContent {
  const eta = sampleEta(lang);
  const fields = eta.fields.filter((_, index) => index < (lang === 'en' ? 4 : 5));
  if (lang === 'ar') {
    return {
      ...eta,
      title: 'إشعار رفض طلب تصريح السفر',
      subtitle: 'رقم الطلب APP-2026-8H2M-3KD7',
      status: { label: 'مرفوض', tone: 'negative' },
      fields,
      sections: [
        {
          heading: 'أسباب القرار',
          paragraphs: ['رُفض طلبك للأسباب التالية:'],
          items: [
            'لم تتطابق صورة جواز السفر المقدمة مع بيانات الجواز المدخلة في الطلب.',
            'لم تقدم دليلًا على وسائل كافية لتغطية نفقات إقامتك.',
          ],
        },
        {
          heading: 'ما يمكنك فعله بعد ذلك',
          paragraphs: [
            'يمكنك تقديم طلب جديد في أي وقت مع المستندات المطلوبة. ولا يحق لك الطعن في هذا القرار، ولكن يمكنك طلب مراجعة إدارية خلال 28 يومًا من تاريخ هذا الإشعار.',
          ],
        },
        {
          heading: 'حماية البيانات',
          paragraphs: [
            'نعالج بياناتك الشخصية لتقييم طلبك. للاستفسار عن بياناتك، راسل مسؤول حماية البيانات على dpo@immigration.example.gov.',
          ],
        },
      ],
      seal: { text: eta.seal.text, caption: 'ختم رقمي: امسح الرمز للتحقق من صحة هذا الإشعار.' },
    };
  }
  if (lang === 'zh') {
    return {
      ...eta,
      title: '电子旅行许可申请拒绝通知',
      subtitle: '申请编号 APP-2026-8H2M-3KD7',
      status: { label: '已拒绝', tone: 'negative' },
      fields,
      sections: [
        {
          heading: '决定理由',
          paragraphs: ['您的申请因以下原因被拒绝：'],
          items: ['您提交的护照照片与申请中填写的护照信息不符。', '您未能证明有足够的资金支付停留期间的费用。'],
        },
        {
          heading: '您接下来可以做什么',
          paragraphs: [
            '您可以随时携带所需文件重新申请。您无权对本决定提出上诉，但可以在本通知日期起 28 天内申请行政复核。',
          ],
        },
        {
          heading: '数据保护',
          paragraphs: [
            '我们处理您的个人数据以评估您的申请。如对您的数据有疑问，请发送电子邮件至数据保护官：dpo@immigration.example.gov。',
          ],
        },
      ],
      seal: { text: eta.seal.text, caption: '数字印章：扫描二维码以核验本通知的真实性。' },
    };
  }
  return {
    ...eta,
    title: 'Refusal of your ETA application',
    subtitle: 'Application reference APP-2026-8H2M-3KD7',
    status: { label: 'Refused', tone: 'negative' },
    fields,
    sections: [
      {
        heading: 'Why your application was refused',
        paragraphs: ['Your application was refused for the following reasons:'],
        items: [
          'The passport photo you provided does not match the passport details in your application.',
          'You did not show that you have enough money to pay for your stay.',
        ],
      },
      {
        heading: 'What you can do next',
        paragraphs: [
          'You can apply again at any time with the documents asked for. You cannot appeal against this decision, but you can ask for an administrative review within 28 days of the date of this notice.',
        ],
      },
      {
        heading: 'Your personal data',
        paragraphs: [
          'We use your personal data to decide your application. If you have a question about your data, write to our data protection officer at dpo@immigration.example.gov.',
        ],
      },
    ],
    seal: { text: eta.seal.text, caption: 'Digital seal: scan to check that this notice is genuine.' },
  };
}
