/** The demo site's content pages, by key (routes.config.json) and language. */
export const demoContentPages: Record<
  string,
  Record<'en' | 'ar', { title: string; body: string }>
> = {
  about: {
    en: {
      title: 'About us',
      body: `<p><strong>Atrium Academy</strong> is the learning home of Atrium Learning Group. We bring short, practical trainings from experienced practitioners to teams in every part of the organisation, in English and Arabic.</p>
<h2>What we believe</h2>
<ul>
<li>Learning works best in small, regular steps that fit into a working week.</li>
<li>Every training should leave you able to do something you could not do before.</li>
<li>Progress deserves to be noticed: learners earn points and can redeem them for rewards.</li>
</ul>
<h2>Who we are</h2>
<p>A small team of instructional designers, trainers and engineers, working with subject experts across the group to keep the catalogue current.</p>`,
    },
    ar: {
      title: 'من نحن',
      body: `<p><strong>أكاديمية أتريوم</strong> هي بيت التعلّم لمجموعة أتريوم للتعلّم. نقدّم تدريبات قصيرة وعملية من ممارسين ذوي خبرة إلى الفرق في كل أقسام المؤسسة، باللغتين العربية والإنجليزية.</p>
<h2>ما نؤمن به</h2>
<ul>
<li>يكون التعلّم في أفضل حالاته بخطوات صغيرة ومنتظمة تتّسع لها أيام العمل.</li>
<li>ينبغي أن يخرج المتعلّم من كل تدريب قادرًا على أمر لم يكن يقدر عليه من قبل.</li>
<li>التقدّم يستحق التقدير: يكسب المتعلّمون نقاطًا ويستبدلونها بمكافآت.</li>
</ul>
<h2>من نحن</h2>
<p>فريق صغير من مصمّمي التعليم والمدرّبين والمهندسين، نعمل مع خبراء من أنحاء المجموعة لنبقي الكتالوج محدّثًا.</p>`,
    },
  },
  contact: {
    en: {
      title: 'Contact',
      body: `<p>We are glad to hear from you, whether you have a question about a training, need help with your account or want to suggest a topic.</p>
<h2>Learner support</h2>
<p>E-mail <a href="mailto:support@atrium.example">support@atrium.example</a>. We answer within one working day, Sunday to Thursday.</p>
<h2>Training requests for your team</h2>
<p>E-mail <a href="mailto:academy@atrium.example">academy@atrium.example</a> with the size of your team and what you would like them to learn.</p>
<h2>Visiting address</h2>
<p>Atrium Learning Group, Keizersgracht 100, 1015 AA Amsterdam, the Netherlands.</p>`,
    },
    ar: {
      title: 'اتصل بنا',
      body: `<p>يسعدنا أن نسمع منك، سواء كان لديك سؤال عن تدريب أو احتجت إلى مساعدة في حسابك أو أردت اقتراح موضوع.</p>
<h2>دعم المتعلّمين</h2>
<p>راسلنا على <a href="mailto:support@atrium.example">support@atrium.example</a>. نردّ خلال يوم عمل واحد، من الأحد إلى الخميس.</p>
<h2>طلبات التدريب لفريقك</h2>
<p>راسلنا على <a href="mailto:academy@atrium.example">academy@atrium.example</a> مع عدد أفراد فريقك وما تودّ أن يتعلّموه.</p>
<h2>عنوان الزيارة</h2>
<p>مجموعة أتريوم للتعلّم، كايزرسخراخت 100، 1015 AA أمستردام، هولندا.</p>`,
    },
  },
  privacy_policy: {
    en: {
      title: 'Privacy policy',
      body: `<p>This policy explains which personal data Atrium Academy keeps, why, and what you can ask of us.</p>
<h2>What we keep</h2>
<ul>
<li>Your account: name, e-mail address, language, time zone and a hashed password.</li>
<li>Your learning: the trainings you follow, your progress, points and redeemed rewards.</li>
<li>Cookies that keep you signed in and remember your language and cookie choice.</li>
</ul>
<h2>Why</h2>
<p>Only to run the academy for you: to show your progress, award points and let administrators support you. We do not sell your data or use it for advertising.</p>
<h2>Your rights</h2>
<p>You may ask to see, correct or delete your data at any time by writing to <a href="mailto:privacy@atrium.example">privacy@atrium.example</a>.</p>`,
    },
    ar: {
      title: 'سياسة الخصوصية',
      body: `<p>توضّح هذه السياسة البيانات الشخصية التي تحتفظ بها أكاديمية أتريوم، ولماذا، وما يحق لك أن تطلبه منّا.</p>
<h2>ما نحتفظ به</h2>
<ul>
<li>حسابك: الاسم وعنوان البريد الإلكتروني واللغة والمنطقة الزمنية وكلمة مرور مُجزّأة.</li>
<li>تعلّمك: التدريبات التي تتابعها وتقدّمك ونقاطك والمكافآت التي استبدلتها.</li>
<li>ملفات تعريف الارتباط التي تبقيك مسجّلًا وتتذكّر لغتك واختيارك بشأن ملفات تعريف الارتباط.</li>
</ul>
<h2>لماذا</h2>
<p>فقط لتشغيل الأكاديمية من أجلك: لعرض تقدّمك ومنح النقاط وتمكين المسؤولين من دعمك. لا نبيع بياناتك ولا نستخدمها للإعلانات.</p>
<h2>حقوقك</h2>
<p>يمكنك في أي وقت أن تطلب الاطلاع على بياناتك أو تصحيحها أو حذفها بالكتابة إلى <a href="mailto:privacy@atrium.example">privacy@atrium.example</a>.</p>`,
    },
  },
  terms_of_use: {
    en: {
      title: 'Terms of use',
      body: `<p>By creating an account or using Atrium Academy you agree to these terms.</p>
<h2>Your account</h2>
<p>Keep your password to yourself and tell us at once if you think someone else has used your account. One account per person.</p>
<h2>Using the trainings</h2>
<p>The trainings are for your own learning. Please do not copy, record or share their videos and materials outside the academy.</p>
<h2>Points and rewards</h2>
<p>Points have no cash value, may expire as described in the reward shop and can be corrected if they were awarded by mistake.</p>
<h2>Changes</h2>
<p>We may change these terms; we will tell you on the site before a change takes effect.</p>`,
    },
    ar: {
      title: 'شروط الاستخدام',
      body: `<p>بإنشائك حسابًا أو استخدامك أكاديمية أتريوم فإنك توافق على هذه الشروط.</p>
<h2>حسابك</h2>
<p>احتفظ بكلمة مرورك لنفسك وأخبرنا فورًا إن ظننت أن أحدًا غيرك استخدم حسابك. حساب واحد لكل شخص.</p>
<h2>استخدام التدريبات</h2>
<p>التدريبات لتعلّمك الشخصي. يُرجى عدم نسخ مقاطعها وموادها أو تسجيلها أو مشاركتها خارج الأكاديمية.</p>
<h2>النقاط والمكافآت</h2>
<p>ليس للنقاط قيمة نقدية، وقد تنتهي صلاحيتها كما هو موضّح في متجر المكافآت، ويمكن تصحيحها إن مُنحت خطأً.</p>
<h2>التغييرات</h2>
<p>قد نغيّر هذه الشروط، وسنخبرك بذلك على الموقع قبل أن يسري أي تغيير.</p>`,
    },
  },
  release_notes: {
    en: {
      title: 'Release notes',
      body: `<p><strong>Version 0.1.0</strong></p>
<ul>
<li>Read the academy in English or Arabic: choose your language at the bottom of any page.</li>
<li>Create your own account from the Sign up link.</li>
<li>New pages about the academy, how to reach us, our privacy policy and terms of use.</li>
<li>Earn points for your learning and redeem them in the reward shop.</li>
</ul>`,
    },
    ar: {
      title: 'ملاحظات الإصدار',
      body: `<p><strong>الإصدار 0.1.0</strong></p>
<ul>
<li>اقرأ الأكاديمية بالعربية أو بالإنجليزية: اختر لغتك أسفل أي صفحة.</li>
<li>أنشئ حسابك بنفسك من رابط التسجيل.</li>
<li>صفحات جديدة عن الأكاديمية، وكيفية التواصل معنا، وسياسة الخصوصية، وشروط الاستخدام.</li>
<li>اكسب نقاطًا على تعلّمك واستبدلها في متجر المكافآت.</li>
</ul>`,
    },
  },
};
