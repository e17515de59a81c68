import type { ContentTranslations, FieldTexts } from '@engine/core';

/**
 * The demo site's administrator-entered texts in Arabic, by the English text they translate (or
 * the item's id for navigation), so the Arabic demo reads Arabic throughout.
 */

const ar = (texts: FieldTexts): ContentTranslations => ({ ar: texts });

export const demoSiteAr = ar({ site_name: 'أكاديمية أتريوم', logo_alt: 'أكاديمية أتريوم' });

export const demoFooterAr = ar({
  'about.title': 'من نحن',
  'contact.title': 'اتصل بنا',
  'privacy_policy.title': 'سياسة الخصوصية',
  'terms_of_use.title': 'شروط الاستخدام',
  footer_text: 'تساعد أكاديمية أتريوم الفرق على التعلّم والنمو والاحتفاء بالتقدّم معًا.',
  footer_copyright: '© 2026 مجموعة أتريوم للتعلّم',
});

export const demoCookieDisclaimerAr = ar({
  disclaimer_text: `<p>نستخدم ملفات تعريف الارتباط لإبقائك مسجّلًا للدخول، ولتذكّر تفضيلاتك، ولفهم طريقة استخدام الأكاديمية.
بمتابعتك فإنك توافق على <a href="/privacy-policy">سياسة الخصوصية</a> الخاصة بنا.</p>`,
});

export const demoShopSettingsAr = ar({
  title: 'متجر المكافآت',
  intro:
    'حوّل النقاط التي تكسبها من التعلّم إلى مكافآت. تصل مكافآت جديدة كل شهر، فلا تنسَ العودة إلينا.',
});

/** Reward products by their English title. */
export const demoProductsAr: Record<string, FieldTexts> = {
  'Conference ticket voucher': {
    title: 'قسيمة تذكرة مؤتمر',
    description: '<p>قسيمة ليوم واحد في مؤتمر تعليمي من اختيارك، بقيمة تصل إلى 250 يورو.</p>',
    'image.alt': 'تذكرة مؤتمر',
  },
  'Atrium notebook': {
    title: 'دفتر أتريوم',
    description: '<p>دفتر منقّط بغلاف مقوّى يحمل شعار أتريوم، في 192 صفحة.</p>',
    'image.alt': 'دفتر داكن بشريط برتقالي',
  },
  'Extra day of learning leave': {
    title: 'يوم إضافي من إجازة التعلّم',
    description:
      '<p>يوم إضافي من الإجازة المدفوعة تقضيه في تدريب من اختيارك. اتفق على الموعد مع مديرك.</p>',
    'image.alt': 'تقويم وُضعت علامة على أحد أيامه',
  },
  'Coffee with a mentor': {
    title: 'قهوة مع مرشد',
    description: '<p>ثلاثون دقيقة مع زميل متمرّس للحديث عن خطوتك التالية.</p>',
    'image.alt': 'فنجان قهوة يتصاعد منه البخار',
  },
  'Online course of your choice': {
    title: 'دورة إلكترونية من اختيارك',
    description: '<p>نتكفّل بدورة إلكترونية واحدة بقيمة تصل إلى 100 يورو على منصة تختارها.</p>',
    'image.alt': 'حاسوب محمول يعرض درسًا مصوّرًا',
  },
  'Trainer toolkit': {
    title: 'حقيبة أدوات المدرّب',
    description: '<p>أقلام تحديد وأوراق لاصقة ومجموعة بطاقات للتيسير لجلستك التدريبية القادمة.</p>',
    'image.alt': 'صندوق أدوات',
  },
  'Noise-cancelling headphones': {
    title: 'سماعات عازلة للضوضاء',
    description: '<p>ركّز على دورتك القادمة في أي مكان. مسودة: بانتظار المورّد.</p>',
    'image.alt': 'زوج من سماعات الرأس',
  },
  'Summer learning festival pass': {
    title: 'تذكرة مهرجان التعلّم الصيفي',
    description: '<p>تذكرة لمهرجان التعلّم الصيفي. تُطرح للبيع بدءًا من الشهر القادم.</p>',
    'image.alt': 'شمس صيفية فوق خيام المهرجان',
  },
};

/** Catalogue filter groups and terms by their English name. */
export const demoTaxonomyAr: Record<string, string> = {
  Topics: 'المواضيع',
  Levels: 'المستويات',
  Formats: 'أشكال التدريب',
  Leadership: 'القيادة',
  Communication: 'التواصل',
  'Digital skills': 'المهارات الرقمية',
  'Data literacy': 'الإلمام بالبيانات',
  'Cyber security': 'الأمن السيبراني',
  'Artificial intelligence basics': 'أساسيات الذكاء الاصطناعي',
  Compliance: 'الامتثال',
  Wellbeing: 'الصحة النفسية والرفاه',
  Beginner: 'مبتدئ',
  Intermediate: 'متوسط',
  Advanced: 'متقدّم',
  'E-learning': 'تعلّم إلكتروني',
  Classroom: 'قاعة دراسية',
  Webinar: 'ندوة عبر الإنترنت',
  Blended: 'تعلّم مدمج',
};

/** Sidebar items by id. */
export const demoNavigationAr: Record<string, string> = {
  dashboard: 'لوحة التحكم',
  trainings: 'التدريبات',
  storefront: 'واجهة المتجر',
  points: 'نقاطي',
  'reward-shop': 'متجر المكافآت',
  leaderboard: 'لوحة المتصدّرين',
  availability: 'أوقات توفّري',
  'course-administration': 'إدارة الدورات',
  'storefront-settings': 'إعدادات واجهة المتجر',
  'incentives-settings': 'إعدادات الحوافز',
  'site-administration': 'إدارة الموقع',
};
