import type { RestrictionItem } from '@schemas/entities/storefront.schema';
import type { StorefrontAudience } from '../repositories/storefront';

/** A demo section before ids are known: terms by name, organizations by their demo number. */
export interface DemoSection {
  type: string;
  content: Record<string, unknown>;
  settings?: Record<string, unknown>;
  appearance?: Record<string, unknown>;
  /** Restrictions; `organizations` values are demo organization numbers (1-based). */
  restrictions?: RestrictionItem[];
  /** Term names of a categories section, resolved to ids. */
  termNames?: string[];
}

/** Demo organization 3, Blue Harbor Logistics: the demo learner's. */
export const DEMO_LEARNER_ORGANIZATION = 3;

const topics = ['Leadership', 'Communication', 'Digital skills', 'Compliance', 'Wellbeing'];

type Texts = {
  heroHeading: string;
  heroText: string;
  heroButton: string;
  heroAlt: string;
  free: string;
  categories: string;
  richText: string;
  ctaHeading: string;
  ctaText: string;
  ctaButton: string;
  /** A learner's words on the visitors' storefront (a section type declared by config alone). */
  quote?: { text: string; author: string };
};

const texts: Record<'en' | 'ar', Record<StorefrontAudience, Texts>> = {
  en: {
    unregistered: {
      heroHeading: 'Learn something new every week',
      heroText: 'Short, practical trainings from experts, in English and Arabic.',
      heroButton: 'Log in to start',
      heroAlt: 'Learners working together around a laptop',
      free: 'Free trainings to try',
      categories: 'Explore by topic',
      richText:
        '<p><strong>Atrium Academy</strong> brings together trainings for every stage of your career. Create an account to follow your progress and earn points.</p>',
      ctaHeading: 'Join Atrium Academy',
      ctaText: 'Sign up for free and earn points for every training you complete.',
      ctaButton: 'Sign up',
      quote: {
        text: 'Twenty minutes a day was all it took: our whole warehouse team finished the safety path in a month.',
        author: 'Nadia Haddad, operations lead at Blue Harbor Logistics',
      },
    },
    registered: {
      heroHeading: 'Welcome back to the academy',
      heroText: 'Pick up where you left off or discover something new.',
      heroButton: 'Browse the catalogue',
      heroAlt: 'Abstract shapes in the academy colours',
      free: 'Free trainings for you',
      categories: 'Topics',
      richText:
        '<p>هذه الصفحة متاحة أيضًا <strong>باللغة العربية</strong>. غيّر لغتك من ملفك الشخصي.</p>',
      ctaHeading: 'Blue Harbor Logistics: your safety programme',
      ctaText:
        'Complete the compliance trainings chosen by your organization before the end of the quarter.',
      ctaButton: 'See compliance trainings',
    },
  },
  ar: {
    unregistered: {
      heroHeading: 'تعلّم شيئًا جديدًا كل أسبوع',
      heroText: 'تدريبات قصيرة وعملية من خبراء، بالعربية والإنجليزية.',
      heroButton: 'سجّل الدخول للبدء',
      heroAlt: 'متعلمون يعملون معًا حول حاسوب محمول',
      free: 'تدريبات مجانية للتجربة',
      categories: 'استكشف حسب الموضوع',
      richText:
        '<p><strong>أكاديمية أتريوم</strong> تجمع تدريبات لكل مرحلة من مسيرتك المهنية. أنشئ حسابًا لمتابعة تقدمك وكسب النقاط.</p>',
      ctaHeading: 'انضم إلى أكاديمية أتريوم',
      ctaText: 'سجّل مجانًا واكسب نقاطًا مقابل كل تدريب تكمله.',
      ctaButton: 'إنشاء حساب',
      quote: {
        text: 'كانت عشرون دقيقة في اليوم كافية: أنهى فريق المستودع كله مسار السلامة في شهر واحد.',
        author: 'نادية حداد، مديرة العمليات في بلو هاربر للخدمات اللوجستية',
      },
    },
    registered: {
      heroHeading: 'مرحبًا بعودتك إلى الأكاديمية',
      heroText: 'تابع من حيث توقفت أو اكتشف شيئًا جديدًا.',
      heroButton: 'تصفّح الكتالوج',
      heroAlt: 'أشكال مجردة بألوان الأكاديمية',
      free: 'تدريبات مجانية لك',
      categories: 'المواضيع',
      richText: '<p>نرحب بكم في النسخة العربية من الأكاديمية.</p>',
      ctaHeading: 'بلو هاربر للخدمات اللوجستية: برنامج السلامة',
      ctaText: 'أكمل تدريبات الامتثال التي اختارتها مؤسستك قبل نهاية الربع.',
      ctaButton: 'عرض تدريبات الامتثال',
    },
  },
};

/**
 * The demo storefront of an audience and language: a hero, free trainings, topics, rich text, for
 * visitors a testimonial, and a call to action. In the registered English layout the rich text is for Arabic-speaking users
 * only (restricted to language ar) and the call to action for Blue Harbor Logistics only.
 */
export function demoStorefront(audience: StorefrontAudience, language: 'en' | 'ar'): DemoSection[] {
  const t = texts[language][audience];
  const registeredEn = audience === 'registered' && language === 'en';
  return [
    {
      type: 'hero',
      content: {
        image: { url: '/images/trainings/cover-01.svg', alt: t.heroAlt },
        heading: t.heroHeading,
        text: t.heroText,
        button: {
          label: t.heroButton,
          url: audience === 'registered' ? '/trainings' : '/user/login',
        },
      },
      settings: { show_title: false, full_width: true, height: 'large' },
    },
    {
      type: 'trainings',
      content: { source: 'free', size: 8, sorting: 'newest', display: 'carousel' },
      settings: { title: t.free },
    },
    {
      type: 'categories',
      content: { vocabulary: 'topics' },
      termNames: topics,
      settings: { title: t.categories },
    },
    {
      type: 'rich_text',
      content: { html: t.richText },
      ...(registeredEn
        ? { restrictions: [{ rule: 'and' as const, type: 'language', value: 'ar' }] }
        : {}),
    },
    ...(t.quote
      ? [{ type: 'testimonial', content: { quote: t.quote.text, author: t.quote.author } }]
      : []),
    {
      type: 'call_to_action',
      content: {
        heading: t.ctaHeading,
        text: t.ctaText,
        button: {
          label: t.ctaButton,
          url: audience === 'registered' ? '/trainings' : '/user/register',
        },
      },
      appearance: { background_color: '#3754db', text_color: '#ffffff', text_align: 'center' },
      ...(audience === 'registered'
        ? {
            restrictions: [
              { rule: 'and' as const, type: 'organizations', value: [DEMO_LEARNER_ORGANIZATION] },
            ],
          }
        : {}),
    },
  ];
}
