/** The guides' bodies (HTML written by us), apart from the list so that dashboards load only titles and covers. */
export const texts: Record<string, string> = {
  'topluluk-yaratma': `<p>Bir bülteni abone listesinden topluluğa dönüştüren şey, okurların yalnızca içerik tüketmesi değil, kendilerini bir şeyin parçası hissetmesidir. Topluluk, gönderi sayısına ya da açılma oranına indirgenemez; ortak bir ilgi, ortak bir dil ve karşılıklı güven üzerine kurulur. İyi haber şu ki bu üç unsurun her biri, yayın ekibinin bilinçli kararlarıyla beslenebilir.</p>
<h2>Önce "kimin için" sorusunu yanıtlayın</h2>
<p>Topluluk kurmak, okurunuzu tanımakla başlar. Bülteninizi kim okuyor, neden abone oldu, sizden ne bekliyor? Bu soruların yanıtlarını tahminlere bırakmayın. Kayıt formuna isteğe bağlı tek bir soru eklemek ("Bu bülteni hangi amaçla okuyorsunuz?") ya da ilk aylarda birkaç okurla kısa görüşmeler yapmak, ekibin tüm yıl boyunca kullanacağı bir okur profili çıkarmanızı sağlar.</p>
<p>Bu profili yazılı hâle getirin ve editörlerin, yazarların ve yöneticilerin erişebileceği bir yerde tutun. Yeni bir konu önerildiğinde ilk ölçüt, "Bu, okurumuzun işine yarar mı?" sorusu olmalıdır.</p>
<h2>Ortak bir kimlik oluşturun</h2>
<p>İnsanlar adı konabilen gruplara aidiyet duyar. Bülteninizin tonunu, tekrar eden bölümlerini ve okurlarınıza hitap biçiminizi tutarlı tutmak, zamanla tanıdık bir ortam yaratır. Bunun için:</p>
<ul>
<li><strong>Tutarlı bir ses seçin.</strong> Resmî mi, samimi mi, esprili mi? Hangisini seçerseniz seçin, her sayıda aynı sesle konuşun.</li>
<li><strong>Ritüeller yaratın.</strong> Her sayının sonunda okurdan gelen bir soru, haftanın rakamı ya da sabit bir kapanış cümlesi, okurların beklediği küçük anlara dönüşür.</li>
<li><strong>Değerlerinizi açıkça söyleyin.</strong> Neyi neden yayımladığınızı, neyi yayımlamadığınızı paylaşmak güven inşa eder.</li>
</ul>
<h2>Karşılama deneyimini ihmal etmeyin</h2>
<p>Yeni bir abonenin aldığı ilk e-posta, topluluğa açılan kapıdır. Otomatik bir "kaydınız alındı" mesajıyla yetinmek yerine kısa bir hoş geldin metni hazırlayın: Bültenin ne sıklıkla geleceğini, ekipte kimlerin yazdığını ve okurun size nasıl ulaşabileceğini anlatın. Mümkünse arşivden en çok okunan üç içeriğe bağlantı verin; böylece yeni okur, ilk sayıyı beklemeden sizi tanımaya başlar.</p>
<h2>Küçük başlayın, elle yapın</h2>
<p>İlk yüz ya da iki yüz okur, topluluğunuzun çekirdeğidir. Bu aşamada ölçeklenebilir sistemler kurmaya çalışmak yerine okurlarla tek tek ilgilenmek daha değerlidir. Yanıt veren her okura kişisel olarak dönün, ilginç bir yorum yapan okuru izin alarak bir sonraki sayıda anın ve geri bildirimi yayına nasıl yansıttığınızı gösterin. Bu özen, okurlarınızın sizi başkalarına önermesinin en güçlü nedenidir.</p>
<blockquote>Topluluk bir kampanyayla kurulmaz; her sayıda verilen küçük sözlerin tutulmasıyla kurulur.</blockquote>
<h2>Ekip içinde sorumluluğu paylaşın</h2>
<p>Topluluk işi tek bir kişinin omzunda kalırsa sürdürülemez. Okur yanıtlarını kimin okuyacağını, ne kadar sürede yanıt verileceğini ve öne çıkan okur katkılarının nasıl değerlendirileceğini baştan belirleyin. Yöneticiler, topluluk çalışmasını ek bir yük olarak değil, yayın planının doğal bir parçası olarak görmelidir.</p>
<h3>Başlangıç için kısa kontrol listesi</h3>
<ol>
<li>Okur profilinizi tek sayfada yazın.</li>
<li>Bültenin sesini ve sabit bölümlerini tanımlayın.</li>
<li>Hoş geldin e-postasını yeniden yazın.</li>
<li>Okur yanıtları için bir sorumlu ve bir yanıt süresi belirleyin.</li>
<li>Üç ay sonra okurlara neyin değiştiğini sorun.</li>
</ol>`,
  'topluluk-gelistirme-etkilesim': `<p>Bir bülten okunduğunda iletişim tek yönlüdür; okur tepki verdiğinde ise bir ilişki başlar. Etkileşim, bu ilişkinin ölçülebilen yüzüdür: bir bağlantıya tıklamak, bir ankete katılmak, e-postayı yanıtlamak ya da bülteni bir arkadaşa iletmek. Ancak amaç rakamları şişirmek değil, okurun bültenle daha anlamlı bir bağ kurmasını sağlamaktır.</p>
<h2>Etkileşimi kolaylaştırın</h2>
<p>Okur, kendisinden ne beklendiğini anlamazsa harekete geçmez. Her sayıda en fazla bir ya da iki net çağrı kullanın ve bunları içeriğin akışına yerleştirin. "Düşüncelerinizi paylaşın" gibi belirsiz ifadeler yerine somut sorular sorun: "Bu hafta okuduğunuz en iyi makale hangisiydi?" ya da "Bu düzenleme sizin işinizi nasıl etkiliyor?"</p>
<ul>
<li><strong>Tek tıklık anketler:</strong> İki ya da üç seçenekli sorular, katılımı en düşük eşikle sağlar.</li>
<li><strong>Yanıtlama daveti:</strong> Okurlarınıza e-postayı doğrudan yanıtlayabileceklerini hatırlatın; yanıtlar gerçek bir kişiye ulaşıyorsa bunu açıkça söyleyin.</li>
<li><strong>Paylaşım çağrısı:</strong> Sayının sonunda, bülteni kimin ilginç bulabileceğini düşünmeye davet eden kısa bir not ekleyin.</li>
</ul>
<h2>Sonuçları okura geri döndürün</h2>
<p>Etkileşimde en sık yapılan hata, okurdan bir şey isteyip sonucunu paylaşmamaktır. Bir anket yaptıysanız, bir sonraki sayıda sonuçları kısa bir yorumla yayımlayın. Okurlardan öneri topladıysanız hangisini neden uyguladığınızı anlatın. Okur, katkısının bir yere ulaştığını gördüğünde yeniden katılır.</p>
<h2>Okuru içeriğin parçası yapın</h2>
<p>Topluluğu büyütmenin en etkili yolu, okurları yalnızca izleyici değil, katkı sunan kişiler olarak konumlandırmaktır. Bunun için farklı biçimler deneyebilirsiniz:</p>
<ol>
<li><strong>Okur köşesi:</strong> Her sayıda bir okurun kısa görüşüne, sorusuna ya da önerisine yer verin.</li>
<li><strong>Uzman okurlar:</strong> Okur kitleniz içinde belirli alanlarda deneyimli kişileri belirleyin ve zaman zaman onlardan kısa yorumlar isteyin.</li>
<li><strong>Ortak projeler:</strong> Bir yıl sonu listesi, bir kaynak rehberi ya da bir sözlük gibi okurların birlikte oluşturduğu içerikler üretin.</li>
</ol>
<p>Okur katkılarını yayımlarken mutlaka izin alın, adın mı yoksa baş harflerin mi kullanılacağını sorun ve metinde yaptığınız kısaltmaları belirtin.</p>
<h2>Doğru metrikleri izleyin</h2>
<p>Açılma oranı, e-posta istemcilerinin gizlilik özellikleri ve görsellerin otomatik yüklenmesi nedeniyle tek başına güvenilir bir gösterge değildir. Etkileşimi değerlendirirken tıklama oranına, yanıt sayısına, anket katılımına ve abonelikten çıkma oranına birlikte bakın. Tek bir sayının sonucuna göre karar vermeyin; en az dört ila altı sayılık eğilimleri karşılaştırın.</p>
<h3>Kaçınılması gerekenler</h3>
<ul>
<li>Her sayıda okurdan çok sayıda eylem istemek.</li>
<li>Tıklama almak için içeriği gereğinden fazla parçalamak ya da merak uyandıran ama yanıltan bağlantı metinleri kullanmak.</li>
<li>Okuru rahatsız edecek sıklıkta hatırlatma göndermek.</li>
</ul>
<blockquote>Etkileşim bir hedef değil, okurun size duyduğu güvenin doğal bir sonucudur.</blockquote>
<p>Editörler her sayıyı planlarken şu soruyu sormalıdır: Bu sayıda okurun bizimle konuşması için ona hangi kapıyı açıyoruz? Yanıt netse etkileşim kendiliğinden gelir.</p>`,
  'topluluk-gelistirme-dialog': `<p>Etkileşim okurun bir eyleme geçmesiyle ilgiliyse, diyalog iki taraf arasında süregiden konuşmayla ilgilidir. Okur size yazdığında, sizi eleştirdiğinde ya da bir soru sorduğunda verdiğiniz yanıt, bültenin ne kadar insani olduğunu gösterir. Diyalog kurabilen yayınlar, okurlarının gözünde uzak bir kurumdan çok güvenilir bir muhataba dönüşür.</p>
<h2>Yanıtlanabilir bir bülten yayımlayın</h2>
<p>Diyaloğun ilk koşulu, okurun size ulaşabilmesidir. Gönderen adresinin yanıtları kabul ettiğinden ve yanıtların düzenli olarak okunan bir gelen kutusuna düştüğünden emin olun. "Yanıtlamayın" türündeki adresler, okura konuşmanın kapalı olduğunu söyler. Bültenin altında hangi konularda kime yazılabileceğini kısaca belirtmek de işleri kolaylaştırır.</p>
<h2>Her mesaja saygıyla dönün</h2>
<p>Her mesaja uzun bir yanıt yazmak gerekmez, ama her mesajın görüldüğünü hissettirmek gerekir. Ekip için basit bir düzen kurun:</p>
<ul>
<li><strong>Yanıt süresi:</strong> Mümkünse iki iş günü içinde dönün. Gecikecekseniz kısa bir teşekkür bile yeterlidir.</li>
<li><strong>Kişisel ton:</strong> Hazır şablonlar bir başlangıç noktası olabilir, ama her yanıtta okurun yazdığına özgü en az bir cümle bulunsun.</li>
<li><strong>İmza:</strong> Yanıtı kimin verdiğini adıyla belirtin. İnsanlar kurumlarla değil, kişilerle konuşmayı tercih eder.</li>
</ul>
<h2>Eleştiriyi fırsata çevirin</h2>
<p>Okur eleştirisi çoğu zaman en değerli geri bildirimdir. Bir hata bildirildiyse teşekkür edin, kontrol edin ve gerekiyorsa bir sonraki sayıda düzeltmeyi açıkça yayımlayın. Görüş ayrılığı varsa savunmaya geçmeden önce okurun ne demek istediğini tam olarak anladığınızdan emin olun. Katılmadığınız bir eleştiriye bile gerekçeli ve nazik bir yanıt vermek, okurun size duyduğu güveni artırır.</p>
<blockquote>Okur haklı olduğunda bunu söylemek, haklı olduğunuzda bunu kanıtlamaktan daha çok güven kazandırır.</blockquote>
<h2>Konuşmayı yayına taşıyın</h2>
<p>Özel yazışmalarda ortaya çıkan sorular ve fikirler çoğu zaman diğer okurları da ilgilendirir. Bunları görünür kılmak, diyaloğu bireysel olmaktan çıkarıp topluluğun ortak malı hâline getirir.</p>
<ol>
<li><strong>Soru-cevap bölümü:</strong> Sık gelen soruları toplayın ve düzenli aralıklarla yanıtlayın.</li>
<li><strong>Okurdan gelen itirazlar:</strong> Tartışmalı bir içerikten sonra farklı görüşleri dengeli biçimde özetleyin.</li>
<li><strong>Editörün notu:</strong> Bir kararın neden alındığını, bir konunun neden işlendiğini ya da işlenmediğini okurla paylaşın.</li>
</ol>
<p>Okur mesajlarını alıntılamadan önce her zaman izin alın ve kişisel bilgileri çıkarın. Özel bir yazışmanın izinsiz yayımlanması, emekle kurulan güveni tek seferde yıkabilir.</p>
<h2>Dinlediğinizi gösterin</h2>
<p>Diyaloğun en güçlü kanıtı, okurdan gelen fikirlerin bültende somut değişikliklere yol açmasıdır. Bir bölümü okur önerisiyle değiştirdiyseniz ya da bir konuyu okur isteğiyle ele aldıysanız bunu belirtin. "Geçen ay birçoğunuz sordu, bu sayıda yanıtlıyoruz" gibi kısa bir cümle, okurlara seslerinin karşılık bulduğunu gösterir.</p>
<h3>Ekip için hatırlatma</h3>
<p>Diyalog, yayın takviminde yer almadığında ilk ihmal edilen iş olur. Haftalık planlamada okur mesajlarını gözden geçirmek için sabit bir zaman ayırın ve bu mesajlardan çıkan fikirleri konu listesine ekleyin.</p>`,
  'topluluk-genisletme': `<p>Topluluğunuz belli bir olgunluğa ulaştığında doğal olarak daha fazla okura ulaşmak istersiniz. Ancak genişlemenin iki riski vardır: yanlış kitleye ulaşıp abonelikten çıkma oranını artırmak ya da büyürken bülteni değerli kılan özgün sesi kaybetmek. Sürdürülebilir büyüme, mevcut okurlarınızın sevdiği şeyi ona benzer daha çok insana ulaştırmaktır.</p>
<h2>En iyi elçileriniz mevcut okurlarınızdır</h2>
<p>Yeni okurların önemli bir kısmı, bülteni zaten okuyan birinin önerisiyle gelir. Bu tavsiyeleri kolaylaştırmak için:</p>
<ul>
<li>Her sayıda kısa ve samimi bir paylaşım çağrısı yapın; bunu bir rica gibi değil, doğal bir hatırlatma olarak yazın.</li>
<li>Bültenin web arşivini erişilebilir tutun ki her sayı kolayca bağlantı olarak paylaşılabilsin.</li>
<li>İletilen e-postayı alan kişinin kolayca abone olabilmesi için her sayının altına bir abonelik bağlantısı ekleyin.</li>
</ul>
<h2>İş birliklerini stratejik seçin</h2>
<p>Benzer okur kitlesine sahip ama sizinle doğrudan rekabet etmeyen bültenler, dergiler, dernekler ya da etkinlik düzenleyicileriyle iş birliği yapmak güvenilir bir tanıtım kanalıdır. Karşılıklı öneriler, ortak bir özel sayı ya da bir konuk yazı, iki topluluğu birbiriyle tanıştırır.</p>
<p>İş birliğine girmeden önce şu soruları sorun: Onların okurları bizim içeriğimizden gerçekten fayda görür mü? Değerlerimiz ve yayın ilkelerimiz uyumlu mu? Tanıtımın ücretli olup olmadığını okurlara açıkça belirtecek miyiz?</p>
<h2>Yeni kitlelere kapı açın</h2>
<p>Genişleme her zaman aynı okur profiline daha çok ulaşmak anlamına gelmez. Mevcut içeriğinizden yararlanabilecek komşu kitleler de vardır: sektöre yeni giren profesyoneller, farklı bir şehirdeki okurlar ya da konuya akademik açıdan ilgi duyanlar gibi. Bu kitlelere ulaşmak için:</p>
<ol>
<li><strong>Giriş içerikleri hazırlayın:</strong> Konunuza yeni başlayanlar için temel kavramları anlatan bir dizi, yeni okurların sizi keşfetmesini kolaylaştırır.</li>
<li><strong>Özel sayılar yayımlayın:</strong> Belirli bir konuya ya da olaya odaklanan sayılar, o konuyu araştıranlar tarafından bulunur ve paylaşılır.</li>
<li><strong>Yeni bir kanal açmayı düşünün:</strong> Farklı bir kitleye hitap eden içerikleri ayrı bir kanalda toplamak, ana okur kitlesini yormadan genişlemeye alan açar.</li>
</ol>
<h2>Büyürken çekirdeği koruyun</h2>
<p>Her yeni okur dalgası topluluğun dengesini biraz değiştirir. Büyüme dönemlerinde hoş geldin e-postasını gözden geçirin, yeni gelenlere bültenin nasıl işlediğini anlatın ve uzun süredir okuyanlara teşekkür etmeyi unutmayın. Eski okurlar, bültenin ilk günkü gibi kendileri için yazıldığını hissetmeye devam etmelidir.</p>
<blockquote>Liste büyüklüğü bir sonuçtur; asıl hedef, doğru okura doğru içeriği ulaştırmaktır.</blockquote>
<h2>Büyümeyi dürüstçe ölçün</h2>
<p>Yeni abone sayısını, abonelikten çıkanları ve yeni okurların ilk üç aydaki etkileşimini birlikte izleyin. Hızlı ama kısa ömürlü bir artış, yavaş ama kalıcı bir büyümeden daha az değerlidir. Satın alınmış ya da izinsiz toplanmış adres listelerini asla kullanmayın; bu hem kişisel verilerin korunması açısından yasal riskler doğurur hem de gönderim itibarınıza kalıcı zarar verir.</p>`,
  'odak-bulmak': `<p>Bir bülteni diğerlerinden ayıran en önemli özellik, neyi anlattığı kadar neyi anlatmadığıdır. Gelen kutuları kalabalık; okurlar kendilerine zaman kazandıran ve belirli bir ihtiyacı güvenilir biçimde karşılayan yayınlara abone kalır. Odak, bu güvenin temelidir.</p>
<p>Odak yalnızca okur için değil, ekip için de bir pusuladır. Yazarlar hangi konuları önereceklerini, editörler neyi çıkaracaklarını, yöneticiler ise hangi alanlara zaman ve emek ayıracaklarını bu pusulaya bakarak belirler.</p>
<h2>Odağı tek cümleyle tanımlayın</h2>
<p>Bülteninizi tek cümleyle anlatabiliyor musunuz? İyi bir odak cümlesi üç soruyu yanıtlar: Kimin için yazıyorsunuz, hangi konuyu ele alıyorsunuz ve okura ne kazandırıyorsunuz? Örneğin: "Belediye meclisini takip etmeye vakti olmayan kent sakinleri için, her hafta alınan kararları ve bu kararların günlük hayata etkilerini sade bir dille özetliyoruz."</p>
<p>Bu cümleyi yazmak ilk bakışta kolay görünür, ama çoğu ekip ilk denemede fazla geniş bir tanım ortaya çıkarır. "Teknoloji hakkında her şey" bir odak değil, bir kategoridir. Tanımı daraltmaktan çekinmeyin; dar bir odak, derin bir uzmanlık ve sadık bir okur kitlesi anlamına gelir.</p>
<h2>Odağı bulmak için sorulacak sorular</h2>
<ul>
<li><strong>Ekibin gerçek uzmanlığı nerede?</strong> Başkalarından daha iyi bildiğiniz, daha erken duyduğunuz ya da daha iyi açıklayabildiğiniz konular hangileri?</li>
<li><strong>Hangi boşluğu dolduruyorsunuz?</strong> Okurlarınız bu bilgiyi bugün nereden alıyor ve o kaynaklarda neyi eksik buluyor?</li>
<li><strong>Sürdürülebilir mi?</strong> Bu konuda her hafta ya da her ay yeterli ve nitelikli içerik üretebilir misiniz?</li>
<li><strong>Somut bir fayda var mı?</strong> Okur bülteni okuduktan sonra neyi daha iyi biliyor ya da yapabiliyor olacak?</li>
</ul>
<h2>Odağı yazılı ilkelere dönüştürün</h2>
<p>Odak cümlesi tek başına günlük kararlarda yeterli olmayabilir. Onu editoryal ilkelere çevirin: Hangi tür haberler her zaman girer, hangileri asla girmez, hangileri ancak istisnai durumlarda değerlendirilir? Bu kısa liste, editörlerin ve yazarların aynı ölçütlerle çalışmasını sağlar ve "bunu da ekleyelim mi?" tartışmalarını kısaltır.</p>
<h3>Basit bir karar testi</h3>
<ol>
<li>Bu içerik odak cümlemizdeki okura hitap ediyor mu?</li>
<li>Okur bunu başka bir yerden daha iyi öğrenebilir mi?</li>
<li>Bu içerik olmasa okur bir şey kaybeder mi?</li>
</ol>
<p>İlk soruya "hayır", ikinci soruya "evet" ya da üçüncü soruya "hayır" yanıtı veriyorsanız, o içeriği dışarıda bırakmayı ciddi olarak düşünün.</p>
<h2>Odak zamanla değişebilir</h2>
<p>Odak, bir kez belirlenip unutulacak bir şey değildir. Okur kitleniz, sektörünüz ve ekibiniz değiştikçe odağınızı gözden geçirmeniz gerekebilir. Yılda bir ya da iki kez son sayılarda en çok ilgi gören ve en az okunan içerikleri karşılaştırın, okurlarınıza kısa bir anket gönderin ve odak cümlenizin hâlâ doğru olup olmadığını ekipçe tartışın.</p>
<p>Odağı değiştirmeye karar verirseniz bunu okurlarınıza açıkça anlatın. Aboneler, beklentilerini karşılamayan ani değişikliklere değil, gerekçesi paylaşılan dönüşümlere güvenir.</p>
<blockquote>Odak bir kısıtlama değil, okura verilmiş bir sözdür: Zamanınızı boşa harcamayacağız.</blockquote>`,
  'e-posta-kirpilmasi': `<p>Bir sayıyı saatlerce hazırladıktan sonra okurların son bölümleri hiç görmemesi can sıkıcıdır. Gmail, HTML kodunun boyutu <strong>102 KB</strong>'ı aşan e-postaları kırpar: İletinin alt kısmı gizlenir ve yerine "[İleti kırpıldı] İletinin tamamını görüntüle" bağlantısı gösterilir. Okurların büyük çoğunluğu bu bağlantıya tıklamaz; kırpılan bölümde kalan hikâyeler, kanallar ve abonelikten çıkma bağlantısı pratikte görünmez olur.</p>
<h2>Kırpılma neden önemlidir?</h2>
<ul>
<li><strong>İçerik kaybı:</strong> Sayının sonundaki hikâyeler okunmaz, emeğiniz boşa gider.</li>
<li><strong>Ölçüm hataları:</strong> Açılma takibi genellikle iletinin sonuna yerleştirilen görünmez bir pikselle yapılır; kırpılan iletide bu piksel yüklenmeyebilir ve açılma oranları olduğundan düşük görünür.</li>
<li><strong>Güven sorunları:</strong> Abonelikten çıkma bağlantısı ve iletişim bilgileri genellikle en alttadır. Bunların gizlenmesi okuru rahatsız eder ve iletinin istenmeyen posta olarak işaretlenme olasılığını artırır.</li>
</ul>
<h2>Sınırı neyin doldurduğunu anlayın</h2>
<p>102 KB sınırı görsel dosyalarının boyutunu değil, iletinin HTML kodunu kapsar. Bağlantı yoluyla yüklenen görseller bu hesaba girmez; ancak görselleri çağıran etiketler, bağlantı adresleri, satır içi biçimlendirmeler ve takip parametreleri kod boyutuna eklenir. Kırpılmanın en yaygın nedenleri şunlardır:</p>
<ol>
<li>Çok sayıda hikâye ve kanal içeren uzun sayılar.</li>
<li>Her bağlantıya eklenen uzun takip parametreleri.</li>
<li>Başka bir editörden ya da belgeden kopyalanıp yapıştırılmış, gereksiz biçimlendirme kodu taşıyan metinler.</li>
<li>Tekrar eden tablo yapıları ve boşluk bırakmak için kullanılan iç içe öğeler.</li>
</ol>
<h2>Sınırın altında kalmak için pratik öneriler</h2>
<h3>İçeriği sadeleştirin</h3>
<p>En etkili yöntem, sayıyı gerçekten gerekli olanla sınırlamaktır. Uzun makalelerin tamamını e-postaya koymak yerine güçlü bir özet yazın ve devamı için web sürümüne bağlantı verin. Kanal başına hikâye sayısını makul tutun; her şeyi tek sayıya sığdırmaya çalışmak yerine bazı içerikleri bir sonraki sayıya bırakın.</p>
<h3>Metni temiz yapıştırın</h3>
<p>Kelime işlemcilerden ya da web sayfalarından kopyalanan metinler, gözle görülmeyen çok sayıda biçimlendirme kodu taşır. Metni önce düz metin olarak yapıştırın, ardından kalın, italik ve bağlantı gibi biçimlendirmeleri editörde yeniden uygulayın.</p>
<h3>Bağlantıları kısa tutun</h3>
<p>Takip parametrelerini yalnızca gerçekten analiz ettiğiniz bilgilerle sınırlayın. Aynı adrese bir hikâye içinde defalarca bağlantı vermek yerine tek ve açık bir bağlantı tercih edin.</p>
<h2>Göndermeden önce kontrol edin</h2>
<p>Sayının boyutunu dağıtımı planlamadan önce kontrol edin. Test e-postasını bir Gmail hesabına gönderin ve iletinin sonuna kadar kaydırın: "İletinin tamamını görüntüle" bağlantısı görünüyorsa sayı sınırı aşmış demektir. Bu durumda bir hikâyeyi çıkarmak, uzun bir metni kısaltmak ya da gereksiz biçimlendirmeyi temizlemek çoğu zaman yeterli olur.</p>
<blockquote>Güvenli bir hedef olarak sayılarınızı 90 KB civarında tutun; böylece son dakika eklemelerine de yer kalır.</blockquote>
<p>Kırpılma Gmail'e özgü bir davranış olsa da okurlarınızın önemli bir kısmı büyük olasılıkla Gmail kullanıyor. Üstelik sade ve hafif bir e-posta, diğer istemcilerde de daha hızlı yüklenir ve mobil cihazlarda daha rahat okunur.</p>`,
  'baslik-ve-onizleme': `<p>Bir sayının kaderi çoğu zaman okur onu açmadan belirlenir. Gelen kutusunda okurun gördüğü şey üç unsurdan oluşur: gönderen adı, sayı başlığı (konu satırı) ve önizleme metni. Gönderen adı sabit kaldığı için editörün her sayıda elinde olan iki araç başlık ve önizleme metnidir. Bu iki satır birlikte çalışmalı, birbirini tekrar etmemeli ve okura sayıyı neden şimdi açması gerektiğini anlatmalıdır.</p>
<h2>İyi bir sayı başlığının özellikleri</h2>
<ul>
<li><strong>Kısa:</strong> Mobil cihazlarda başlığın genellikle yalnızca ilk 35-45 karakteri görünür. En önemli bilgiyi başa koyun.</li>
<li><strong>Somut:</strong> "Haftalık bülten #42" okura hiçbir şey söylemez. Sayının en güçlü hikâyesini ya da ana temasını öne çıkarın.</li>
<li><strong>Dürüst:</strong> Başlık, içeriğin karşılayabileceğinden fazlasını vaat etmemelidir. Yanıltıcı başlıklar bir kez açılma getirir, sonra güven kaybettirir.</li>
<li><strong>Tutarlı:</strong> Okurların bülteninizi tanıyabilmesi için başlıklarda benzer bir yapı ve ton kullanmak faydalıdır.</li>
</ul>
<h2>Önizleme metnini boş bırakmayın</h2>
<p>Önizleme metni, gelen kutusunda başlığın hemen yanında ya da altında görünen kısa açıklamadır. Bu alan doldurulmazsa e-posta istemcileri iletinin ilk satırlarını gösterir; bu da çoğu zaman "Bu e-postayı tarayıcıda görüntüleyin" gibi anlamsız bir ifade olur. Önizleme metnini bilinçli olarak yazmak, başlığın taşıyamadığı bağlamı eklemenin en kolay yoludur.</p>
<h3>Başlık ve önizleme birlikte nasıl çalışır?</h3>
<p>Başlığı bir gazete manşeti, önizleme metnini ise manşetin altındaki spot gibi düşünün. Başlık dikkati çeker, önizleme metni ayrıntı ya da okumak için ikinci bir neden sunar. Örneğin:</p>
<ul>
<li><strong>Başlık:</strong> Kira artışlarında yeni dönem başlıyor</li>
<li><strong>Önizleme:</strong> Kiracıların bilmesi gereken üç değişiklik ve bu hafta öne çıkan diğer gelişmeler</li>
</ul>
<p>Burada önizleme metni başlığı tekrar etmiyor; okura sayının içeriğine dair ek bir vaat sunuyor ve başka hikâyelerin de olduğunu hatırlatıyor.</p>
<h2>Kaçınılması gereken hatalar</h2>
<ol>
<li><strong>Tamamı büyük harf ve art arda ünlemler:</strong> Hem okuru rahatsız eder hem de istenmeyen posta filtrelerini tetikleyebilir.</li>
<li><strong>Aşırı merak tuzağı:</strong> "Buna inanamayacaksınız" türü ifadeler, ciddi bir yayının güvenilirliğini zedeler.</li>
<li><strong>Başlığı son dakikaya bırakmak:</strong> Başlık, sayının en çok okunan metnidir. Ona içerik kadar zaman ayırın.</li>
<li><strong>Her sayıda aynı önizleme metni:</strong> Sabit bir cümle, okurun gözünde kısa sürede görünmez olur.</li>
</ol>
<h2>Birkaç seçenek yazın, sonra seçin</h2>
<p>İyi başlıklar nadiren ilk denemede bulunur. Sayıyı bitirdikten sonra en az beş başlık seçeneği yazın, ardından ekipten birine yalnızca başlığı ve önizleme metnini gösterip sayının ne hakkında olduğunu tahmin etmesini isteyin. Tahmin içerikle örtüşüyorsa doğru yoldasınız.</p>
<p>Son olarak başlığı ve önizleme metnini test e-postasında kontrol edin. Masaüstü ve mobil gelen kutularında nasıl göründüklerine, kesilip kesilmediklerine ve Türkçe karakterlerin doğru görüntülenip görüntülenmediğine bakın.</p>
<blockquote>Başlık bir vaattir; sayının geri kalanı o vaadi yerine getirmek içindir.</blockquote>`,
  'bullet-yazimi': `<p>Bullet hikâyeler, bir sayının en hızlı okunan bölümüdür. Genellikle bir ila üç cümleden oluşan bu kısa içerikler, okura bir gelişmeyi, bir bağlantıyı ya da bir veriyi göz gezdirerek öğrenebileceği biçimde sunar. Kısa olmaları kolay yazıldıkları anlamına gelmez; tersine, her sözcüğün yerini hak etmesi gerekir.</p>
<h2>Bir bullet hikâyenin anatomisi</h2>
<p>İyi bir bullet hikâye genellikle üç parçadan oluşur:</p>
<ol>
<li><strong>Ne oldu?</strong> Gelişmeyi tek ve açık bir cümleyle anlatın. Özne ve yüklem net olsun.</li>
<li><strong>Neden önemli?</strong> Okurun bu bilgiyi neden bilmesi gerektiğini kısaca belirtin.</li>
<li><strong>Nereden devam edilir?</strong> Daha fazlasını merak eden okur için kaynağa ya da ayrıntılı habere bağlantı verin.</li>
</ol>
<p>Örneğin: "<strong>Belediye, toplu taşıma ücretlerine yüzde 15 zam yaptı.</strong> Yeni tarife 1 Mart'tan itibaren geçerli olacak; öğrenci ve emekli indirimleri korunuyor. Ayrıntılar belediyenin duyurusunda."</p>
<h2>Yazım ilkeleri</h2>
<ul>
<li><strong>En önemli bilgiyi başa koyun.</strong> Okur yalnızca ilk sözcükleri okuyup geçebilir; ana bilgi oraya sığmalıdır.</li>
<li><strong>Kalın vurguyu ölçülü kullanın.</strong> İlk cümleyi ya da anahtar ifadeyi kalın yazmak taramayı kolaylaştırır; ama her şeyi kalın yazmak hiçbir şeyi vurgulamamak demektir.</li>
<li><strong>Rakamları somut verin.</strong> "Büyük bir artış" yerine "yüzde 15 artış" yazın. Rakam, okura hemen bir ölçek sunar.</li>
<li><strong>Etken çatıyı tercih edin.</strong> "Karar alındı" yerine kararı kimin aldığını söyleyin.</li>
<li><strong>Jargondan kaçının.</strong> Kısaltmaları ilk kullanımda açın; okurun bildiğinden emin değilseniz hiç kullanmayın.</li>
</ul>
<h2>Bağlantıları doğru kullanın</h2>
<p>Bullet hikâyelerde bağlantı, hikâyenin doğal devamıdır. Bağlantı metni, okura tıkladığında nereye gideceğini söylemelidir: "buraya tıklayın" yerine "bakanlığın açıklaması" ya da "raporun tam metni" gibi açıklayıcı ifadeler kullanın. Tek bir bullet hikâyede birden fazla bağlantı vermekten kaçının; okuru hangi kaynağa yönlendirmek istediğinize karar verin.</p>
<h2>Bir sayıda kaç bullet olmalı?</h2>
<p>Bullet hikâyeler kısa olduğu için sayıyı onlarla doldurmak cazip gelebilir. Ancak uzun bir liste okuru yorar ve en önemli haberlerin gözden kaçmasına yol açar. Her kanalda bullet hikâyeleri önem sırasına göre dizin ve bir kanalda okurun tek bakışta kavrayabileceğinden fazla hikâye bulunmamasına dikkat edin. Sıralama da bir editoryal karardır: İlk sıradaki hikâye okura "bu haftanın en önemli gelişmesi bu" der.</p>
<h3>Yayımlamadan önce kontrol listesi</h3>
<ul>
<li>İlk cümle tek başına okunduğunda anlam taşıyor mu?</li>
<li>Tüm rakamlar, adlar ve tarihler kaynağıyla doğrulandı mı?</li>
<li>Bağlantı çalışıyor ve doğru sayfaya gidiyor mu?</li>
<li>Hikâye, bulunduğu kanalın konusuyla uyumlu mu?</li>
<li>Gereksiz bir sözcük ya da tekrar kaldı mı?</li>
</ul>
<blockquote>Bullet yazmak, uzun bir metni kısaltmak değil, özü bulup yalnızca onu yazmaktır.</blockquote>
<p>Zamanla ekibinizin bullet hikâyeleri tanınır bir ritim kazanır. Bu ritmi korumak için iyi örnekleri ve sık kullanılan kalıpları ekip içinde paylaşın; bu, yeni yazarların aynı standarda hızla uyum sağlamasına yardımcı olur.</p>`,
  'makale-yazimi': `<p>Bullet hikâyeler okura ne olduğunu söyler; makale hikâyeler ise neden olduğunu, ne anlama geldiğini ve bundan sonra neler olabileceğini anlatır. Bir sayıdaki makale, çoğu zaman okurun bülteninizi hatırlamasını sağlayan içeriktir. Bu nedenle makale yazımı özen ve planlama gerektirir.</p>
<h2>Yazmaya başlamadan önce</h2>
<p>Makaleye başlamadan önce ana fikrinizi tek bir cümleyle yazın. Bu cümle, okurun makaleyi bitirdiğinde aklında kalmasını istediğiniz düşüncedir. Ana fikri netleştiremiyorsanız konu henüz yazılmaya hazır değildir; biraz daha araştırma ya da düşünme gerekir.</p>
<p>Ardından kaynaklarınızı toplayın ve her iddianın neye dayandığını not edin. E-postayla gönderilen bir makale sonradan düzeltilemez; bu yüzden doğrulama, yazım sürecinin sonuna değil başına aittir.</p>
<h2>Güçlü bir girişle başlayın</h2>
<p>Okur, makaleyi okumaya devam edip etmeyeceğine ilk paragrafta karar verir. Etkili girişler için birkaç yaklaşım:</p>
<ul>
<li><strong>Doğrudan giriş:</strong> En önemli bilgiyi ilk cümlede verin. Haber niteliği taşıyan makaleler için en güvenli yoldur.</li>
<li><strong>Sahneyle giriş:</strong> Konuyu somut bir insan, yer ya da an üzerinden açın; ardından genel tabloya geçin.</li>
<li><strong>Soruyla giriş:</strong> Okurun kendine sorduğu bir soruyla başlayın ve makale boyunca yanıtlayın. Bu yöntemi ölçülü kullanın; her makale soruyla başlarsa etkisini yitirir.</li>
</ul>
<h2>Yapıyı okur için kurun</h2>
<p>E-postadaki makaleler çoğunlukla küçük ekranlarda ve kısa zaman aralıklarında okunur. Okurun metin içinde kaybolmaması için yapıyı görünür kılın:</p>
<ol>
<li><strong>Kısa paragraflar:</strong> Her paragraf tek bir fikir taşısın; mobil ekranda dört beş satırı geçmemeye çalışın.</li>
<li><strong>Ara başlıklar:</strong> Uzun makaleleri anlamlı bölümlere ayırın. Ara başlıklar, göz gezdiren okurun da ana hatları kavramasını sağlar.</li>
<li><strong>Mantıklı akış:</strong> Bağlam, gelişme, etkiler ve sonuç sırası çoğu konu için iyi bir iskelettir.</li>
<li><strong>Alıntılar:</strong> Bir uzmanın ya da olayın tarafı olan birinin sözleri metne canlılık katar; ancak alıntıyı kendi anlatımınızın yerine değil, onu desteklemek için kullanın.</li>
</ol>
<h2>Uzunluğu dengeleyin</h2>
<p>Makalenin uzunluğunu konu belirler, ama e-postanın kendine özgü sınırları da vardır. Çok uzun metinler hem okuru yorar hem de iletinin boyutunu büyüterek kırpılma riskini artırır. Konu gerçekten uzun bir anlatım gerektiriyorsa e-postada güçlü bir özet ve ana bulguları verin, tam metni web sürümüne bırakın.</p>
<h2>Güçlü bir kapanış yazın</h2>
<p>Makaleyi birdenbire bitirmeyin. Kapanış paragrafı ana fikri yeniden hatırlatabilir, okura bundan sonra neyi izlemesi gerektiğini söyleyebilir ya da konuyla ilgili bir sonraki adımı önerebilir. Okur, makaleyi bitirdiğinde zamanını iyi harcadığını hissetmelidir.</p>
<h3>Editör için kontrol noktaları</h3>
<ul>
<li>Başlık, makalenin ana fikrini doğru yansıtıyor mu?</li>
<li>Her iddianın kaynağı belli ve doğrulanmış mı?</li>
<li>Gereksiz tekrarlar ve dolgu cümleler çıkarıldı mı?</li>
<li>Makale, bulunduğu kanalın konusu ve tonuyla uyumlu mu?</li>
</ul>
<blockquote>İyi bir makale, okurun sormak istediği soruları o sormadan yanıtlar.</blockquote>`,
  'gorsel-kullanimi': `<p>İyi seçilmiş bir görsel, hikâyenin tonunu bir bakışta verir ve okurun dikkatini çeker. Ancak görseller aynı zamanda e-postanın en kırılgan unsurudur: Bazı e-posta istemcileri görselleri varsayılan olarak engeller, ekran okuyucu kullanan okurlar görseli göremez ve özensiz hazırlanmış dosyalar sayının yüklenmesini yavaşlatır. Bu rehber, görselleri hem etkili hem de erişilebilir biçimde kullanmanız için temel kuralları özetliyor.</p>
<h2>Alt metin her zaman zorunludur</h2>
<p>Her görsel için bir <strong>alt metin</strong> yazmak zorunludur. Alt metin, görsel yüklenmediğinde onun yerine görünen ve ekran okuyucuların sesli olarak okuduğu kısa açıklamadır. Alt metni olmayan bir görsel, bazı okurlar için sayıda boş bir alan ya da anlamsız bir dosya adı demektir.</p>
<h3>İyi bir alt metin nasıl yazılır?</h3>
<ul>
<li><strong>Görselin işlevini anlatın.</strong> Görsel hikâyeye ne katıyorsa onu yazın. "Fotoğraf" ya da "görsel" gibi ifadelerle başlamanıza gerek yoktur.</li>
<li><strong>Kısa tutun.</strong> Çoğu zaman bir cümle yeterlidir. Ayrıntılı bir grafik kullanıyorsanız ana bulguyu alt metinde, ayrıntıları metnin içinde verin.</li>
<li><strong>Bağlama göre yazın.</strong> Aynı fotoğraf farklı hikâyelerde farklı alt metinler gerektirebilir: Bir miting fotoğrafında bir hikâye için kalabalığın büyüklüğü, bir başkası için pankartlardaki talepler önemlidir.</li>
<li><strong>Metni tekrarlamayın.</strong> Görselin hemen yanında aynı bilgi yazılıysa alt metni kısa ve tamamlayıcı tutun.</li>
</ul>
<p>Zayıf bir örnek: "resim1.jpg". Daha iyi bir örnek: "Kadıköy iskelesinde sabah saatlerinde vapur bekleyen yolcular."</p>
<h2>Boyut ve çözünürlük</h2>
<p>Görseller en az <strong>1200 x 500 piksel</strong> boyutunda olmalıdır. Bu boyut, görselin hem geniş masaüstü ekranlarda hem de yüksek çözünürlüklü mobil ekranlarda net görünmesini sağlar. Daha küçük görseller büyütüldüğünde bulanıklaşır ve sayının genel görünümünü zayıflatır.</p>
<p>Görseli yüklemeden önce önemli unsurların kadrajın ortasında kaldığından emin olun. Geniş formatlı alanlara yerleştirilen görsellerde kenarlara yakın yüzler ya da nesneler farklı ekranlarda kesilebilir.</p>
<h2>Dosya türleri ve boyut sınırı</h2>
<p>Desteklenen dosya türleri <strong>JPG, PNG ve GIF</strong>'tir ve her dosya <strong>5 MB'tan küçük</strong> olmalıdır.</p>
<ul>
<li><strong>JPG:</strong> Fotoğraflar için en uygun türdür; makul bir sıkıştırmayla dosya boyutunu önemli ölçüde azaltır.</li>
<li><strong>PNG:</strong> Logolar, grafikler, ekran görüntüleri ve keskin kenarlı çizimler için tercih edin.</li>
<li><strong>GIF:</strong> Kısa animasyonlar için kullanılabilir. Bazı e-posta istemcilerinin yalnızca ilk kareyi gösterdiğini unutmayın; önemli bilgiyi ilk kareye koyun.</li>
</ul>
<p>5 MB bir üst sınırdır, hedef değildir. Dosya ne kadar küçükse sayı o kadar hızlı yüklenir; özellikle mobil veriyle okuyan okurlar için bu fark belirgindir.</p>
<h2>Görselin içine yazı koymayın</h2>
<p>Önemli bilgileri, duyuruları ya da başlıkları görselin içine yazı olarak yerleştirmeyin. Görsel yüklenmediğinde bu bilgi kaybolur, ekran okuyucular onu okuyamaz ve küçük ekranlarda yazı seçilemez hâle gelir. Bilgiyi her zaman metin olarak verin, görseli destekleyici olarak kullanın.</p>
<h2>Haklar ve kaynak gösterme</h2>
<p>Kullandığınız her görselin yayın hakkına sahip olduğunuzdan emin olun ve gerektiğinde fotoğrafçıyı ya da kaynağı belirtin. İnternette bulduğunuz bir görselin serbestçe kullanılabileceğini varsaymayın.</p>
<blockquote>Görmeyen bir okur için alt metin, görselin ta kendisidir.</blockquote>`,
  kanallar: `<p>Masthead'de her sayı iki katmandan oluşur: okuru karşılayan bir <strong>giriş</strong> ve konularına göre <strong>kanallar</strong> altında gruplanan hikâyeler. Bu yapı, okurun sayıya göz gezdirirken ilgilendiği bölüme hızla ulaşmasını, editörün ise içeriği tutarlı bir düzen içinde sunmasını sağlar. İyi kurgulanmış kanallar, bir sayıyı dağınık bir bağlantı listesinden okunabilir bir yayına dönüştürür.</p>
<h2>Giriş: sayının kapısı</h2>
<p>Giriş metni, okurun sayıda okuduğu ilk editoryal içeriktir. Burada sayının ana temasını birkaç cümleyle çerçeveleyin, öne çıkan hikâyelere işaret edin ve gerekiyorsa okura kişisel bir not bırakın. Giriş kısa olmalı, okuru kanallara geçmeden yormamalıdır. İyi bir giriş, "bu sayıyı neden okumalıyım?" sorusunu yanıtlar.</p>
<h2>Kanal nedir, ne değildir?</h2>
<p>Kanal, aynı konu, biçim ya da amaç etrafında toplanan hikâyelerin kalıcı başlığıdır. Örneğin "Yerel Haberler", "Okur Köşesi", "Bu Hafta Ne Okuduk" ya da "Etkinlikler" birer kanal olabilir. Kanal tek seferlik bir başlık değildir; okurun sayıdan sayıya tanıdığı ve aradığı bir bölümdür.</p>
<h3>İyi bir kanalın özellikleri</h3>
<ul>
<li><strong>Açık bir tanım:</strong> Kanala hangi hikâyelerin girdiği, yazarlar ve editörler için net olmalıdır.</li>
<li><strong>Anlaşılır bir ad:</strong> Okur, kanalın adından orada ne bulacağını tahmin edebilmelidir. Zekice ama belirsiz adlar yerine açık adları tercih edin.</li>
<li><strong>Süreklilik:</strong> Bir kanal, çoğu sayıda yeterli içerikle dolabilmelidir. Sürekli boş kalan kanallar birleştirilmeli ya da kaldırılmalıdır.</li>
<li><strong>Tutarlı biçim:</strong> Aynı kanaldaki hikâyeler benzer uzunlukta ve yapıda olmalıdır; örneğin bir kanalda bullet hikâyeler, diğerinde makaleler toplanabilir.</li>
</ul>
<h2>Kanal sayısı ve sıralaması</h2>
<p>Çok az kanal içeriği birbirine karıştırır, çok fazla kanal ise sayıyı parçalar. Çoğu bülten için üç ila altı kanal rahat bir denge sunar. Kanalların sıralaması da bir mesajdır: En önemli ya da en çok okunan kanalı üste koyun, daha hafif ve isteğe bağlı içerikleri sona bırakın.</p>
<p>Kanalların sırasını her sayıda değiştirmeyin; okurlar belirli bir bölümü belirli bir yerde bulmaya alışır. Ancak olağanüstü bir gelişme olduğunda ilgili kanalı öne almak ya da girişte o kanala açıkça işaret etmek doğru bir tercih olabilir.</p>
<h2>Kanalları yönetmek</h2>
<ol>
<li><strong>Kanal sorumluları belirleyin.</strong> Her kanal için hikâyeleri toplayan ve kaliteyi gözeten bir editör olması, içeriğin düzenli akmasını sağlar.</li>
<li><strong>Kanal açıklamaları yazın.</strong> Ekibe yeni katılan yazarlar, bir hikâyenin hangi kanala ait olduğunu bu açıklamalardan öğrenir.</li>
<li><strong>Düzenli olarak gözden geçirin.</strong> Birkaç ayda bir hangi kanalların ilgi gördüğünü, hangilerinin okunmadığını değerlendirin.</li>
<li><strong>Yeni kanalları deneyin.</strong> Yeni bir fikriniz varsa onu sınırlı bir süre için deneyin ve okur tepkisine göre kalıcı hâle getirin.</li>
</ol>
<h2>Boş kanal göndermeyin</h2>
<p>Bir sayıda bir kanal için yeterli içerik yoksa, kanalı zorla doldurmak yerine o sayıda atlayın. Zayıf bir hikâyeyle doldurulmuş bir kanal, hiç olmayan bir kanaldan daha çok zarar verir. Test e-postasında kanal başlıklarının altında gerçekten içerik bulunduğunu ve kanalların doğru sırada göründüğünü mutlaka kontrol edin.</p>
<blockquote>Kanallar okura sayının haritasını verir; iyi bir harita okurun kaybolmasını önler.</blockquote>`,
  'etik-kurallar': `<p>Bir bülteni okurlar için değerli kılan şey, verdiği bilginin doğruluğuna duyulan güvendir. Bu güven yıllar içinde kazanılır, ama tek bir özensiz haberle ya da gizlenmiş bir çıkar ilişkisiyle kaybedilebilir. Aşağıdaki kurallar, editörlerin, yazarların ve yöneticilerin günlük kararlarında ortak bir zemin oluşturmak için hazırlanmıştır.</p>
<h2>1. Kaynaklar</h2>
<p>Her bilginin nereden geldiği belli olmalıdır. Okur, bir iddianın kime ait olduğunu ve ne kadar güvenilir olduğunu değerlendirebilmelidir.</p>
<ul>
<li><strong>Doğrulayın:</strong> Önemli iddiaları mümkünse birbirinden bağımsız iki kaynakla teyit edin. Sosyal medya paylaşımlarını kaynak olarak değil, ipucu olarak görün.</li>
<li><strong>Kaynağı belirtin:</strong> Başka bir yayının haberinden yararlandığınızda o yayını adıyla anın ve mümkünse bağlantı verin.</li>
<li><strong>Anonim kaynakları sınırlayın:</strong> Adı gizli tutulan bir kaynak, ancak bilgi başka yoldan elde edilemiyorsa ve kaynağın güvenliği söz konusuysa kullanılmalıdır. Bu kararı bir editörle birlikte verin.</li>
<li><strong>Alıntıları değiştirmeyin:</strong> Doğrudan alıntılar söylendiği gibi aktarılmalıdır. Kısaltma yaptıysanız anlamı bozmadığınızdan emin olun.</li>
</ul>
<h2>2. Düzeltmeler</h2>
<p>Hata her yayında olur; önemli olan hatanın nasıl ele alındığıdır. Gönderilmiş bir e-posta geri alınamayacağı için düzeltmeler bir sonraki sayıda yapılmalıdır.</p>
<ol>
<li>Hata bildirildiğinde hızla kontrol edin ve bildiren okura teşekkür edin.</li>
<li>Düzeltmeyi bir sonraki sayıda açık ve görünür biçimde yayımlayın: Neyin yanlış yazıldığını ve doğrusunun ne olduğunu belirtin.</li>
<li>Sayının web sürümünü güncelleyin ve metne bir düzeltme notu ekleyin.</li>
<li>Hatayı küçümsemeyin; gizlemeye ya da sessizce düzeltmeye çalışmayın.</li>
</ol>
<h2>3. Çıkar çatışmaları</h2>
<p>Yazarın ya da editörün haberi yapılan kişi veya kurumla kişisel, ailevi ya da mali bir ilişkisi varsa, bu durum okurun değerlendirmesini etkileyebilecek bir bilgidir.</p>
<ul>
<li>Olası çıkar çatışmalarını yayından önce editöre bildirin.</li>
<li>İlişki önemliyse hikâyeyi başka bir ekip üyesine devredin.</li>
<li>Devretmek mümkün değilse ilişkiyi metinde okura açıkça belirtin.</li>
<li>Haber kaynaklarından değerli hediye, ücretsiz seyahat ya da ayrıcalık kabul etmeyin.</li>
</ul>
<h2>4. Reklamın editoryal içerikten ayrılması</h2>
<p>Okur, bir içeriğin editoryal bir karar mı yoksa ücretli bir tanıtım mı olduğunu her zaman ayırt edebilmelidir.</p>
<ul>
<li><strong>Açık etiketleme:</strong> Sponsorlu içerikleri "Sponsorlu", "Reklam" ya da "İş birliği" gibi açık ifadelerle işaretleyin.</li>
<li><strong>Görsel ayrım:</strong> Reklamlar, editoryal hikâyelerden kolayca ayırt edilebilecek bir yerde ve biçimde sunulmalıdır.</li>
<li><strong>Editoryal bağımsızlık:</strong> Reklam verenler haberlerin içeriğini, sırasını ya da yayımlanıp yayımlanmayacağını etkileyemez. Reklam ilişkilerini yürüten kişiler editoryal kararlara dahil olmamalıdır.</li>
</ul>
<blockquote>Şüpheye düştüğünüzde kendinize sorun: Okur bu kararın arka planını bilseydi bize hâlâ güvenir miydi?</blockquote>
<h2>Kurallar yaşayan bir belgedir</h2>
<p>Bu kurallar her durumu öngöremez. Yeni bir soruyla karşılaştığınızda kararı tek başınıza vermek yerine ekiple tartışın; verdiğiniz kararı ve gerekçesini not edin. Zamanla bu notlar, yayınınıza özgü bir etik rehbere dönüşür. Gazetecilik meslek kuruluşlarının yayımladığı etik ilkeler de iyi bir başvuru kaynağıdır.</p>`,
  'test-e-postasi': `<p>Bir sayıyı editörde ne kadar dikkatle hazırlarsanız hazırlayın, okurun gelen kutusunda nasıl görüneceğini ancak gerçek bir e-postada görebilirsiniz. Bu nedenle kural basittir: <strong>Dağıtımı planlamadan önce mutlaka bir test e-postası gönderilmelidir.</strong> Test e-postası gönderilmemiş bir sayının dağıtımı planlanamaz. Bu adım bir formalite değil, hataları okura ulaşmadan yakalamanın son fırsatıdır.</p>
<h2>Test e-postası neden zorunlu?</h2>
<p>Gönderilmiş bir e-posta geri alınamaz. Bir yazım hatası, çalışmayan bir bağlantı ya da yanlış bir tarih, binlerce okurun gelen kutusuna ulaştıktan sonra ancak bir sonraki sayıda düzeltilebilir. Üstelik e-posta istemcileri içeriği birbirinden farklı biçimlerde gösterir; editörde kusursuz görünen bir düzen bir istemcide kayabilir ya da kırpılabilir.</p>
<h2>Test e-postasını kimlere gönderin?</h2>
<ul>
<li><strong>Sayıyı hazırlayan editöre:</strong> İçeriği en iyi bilen kişi olarak akışı ve bütünlüğü kontrol eder.</li>
<li><strong>Sayıyı yazmamış bir ekip üyesine:</strong> Taze bir göz, metne alışmış yazarın göremediği hataları fark eder.</li>
<li><strong>Farklı e-posta istemcilerine:</strong> Mümkünse bir Gmail hesabına, bir kurumsal e-posta hesabına ve bir mobil cihaza gönderin.</li>
</ul>
<p>Test alıcılarının listesini önceden belirleyin ve her sayıda aynı kişilere gönderin. Böylece kimin neyi kontrol edeceği bellidir; kontrol eden kişi sonucu kısa bir notla editöre iletir ve onay verilmeden planlama adımına geçilmez.</p>
<h2>Adım adım kontrol listesi</h2>
<h3>Gelen kutusunda</h3>
<ol>
<li>Gönderen adı doğru görünüyor mu?</li>
<li>Sayı başlığı mobil ekranda kesilmeden okunuyor mu?</li>
<li>Önizleme metni görünüyor ve başlığı tamamlıyor mu?</li>
</ol>
<h3>İçerikte</h3>
<ol>
<li>Giriş metni güncel mi, geçen sayıdan kalmış bir ifade var mı?</li>
<li>Kanallar doğru sırada mı ve her kanalın altında içerik var mı?</li>
<li>Tüm bağlantılar çalışıyor ve doğru sayfalara gidiyor mu? Her birine tek tek tıklayın.</li>
<li>Görseller yükleniyor mu, alt metinleri yazılmış mı?</li>
<li>Türkçe karakterler (ç, ğ, ı, İ, ö, ş, ü) her yerde doğru görüntüleniyor mu?</li>
<li>Adlar, rakamlar ve tarihler son kez doğrulandı mı?</li>
</ol>
<h3>Teknik açıdan</h3>
<ol>
<li>İleti Gmail'de kırpılıyor mu? Sayının sonuna kadar kaydırıp "İletinin tamamını görüntüle" bağlantısını arayın.</li>
<li>Abonelikten çıkma bağlantısı ve iletişim bilgileri en altta görünüyor mu?</li>
<li>Karanlık modda metinler ve logolar okunabiliyor mu?</li>
</ol>
<h2>Hata bulduğunuzda</h2>
<p>Testte bir hata bulduğunuzda düzeltin ve <strong>yeni bir test e-postası gönderin</strong>. Küçük bir düzeltme bile başka bir şeyi bozabilir; yalnızca son sürümün testi güvenilirdir. Sayıda önemli bir değişiklik yaptıysanız kontrol listesini baştan uygulayın.</p>
<blockquote>Beş dakikalık bir test, binlerce okura gidecek bir hatayı önler.</blockquote>
<h2>Planlamaya geçmeden önce</h2>
<p>Test e-postası onaylandıktan sonra dağıtımı planlayabilirsiniz. Gönderim zamanını seçerken okurlarınızın bülteni genellikle ne zaman okuduğunu göz önünde bulundurun ve planlamadan önce son bir kez ekranda onaylanmış sürümün bulunduğundan emin olun. Ekipte test ve onay sorumluluğunun kimde olduğunu önceden belirlemek, son dakika karmaşasını önler.</p>`,
};
