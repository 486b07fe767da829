using System.Globalization;
using System.Xml.Linq;

namespace Cqrs.ServiceBus.LocalBroker.Administration;

/// <summary>
/// The envelope of the Service Bus management protocol: an Atom <c>entry</c> whose <c>content</c> holds one
/// description (QueueDescription, RuleDescription, ...) in the Service Bus namespace, an Atom <c>feed</c> of such
/// entries for a listing, and an <c>Error</c> document for a failure. The client reads an entity's name from the
/// entry's <c>title</c>, so every entry has one.
/// </summary>
internal static class AtomXml
{
    public static readonly XNamespace Atom = "http://www.w3.org/2005/Atom";
    public static readonly XNamespace Connect = "http://schemas.microsoft.com/netservices/2010/10/servicebus/connect";
    public static readonly XNamespace Instance = "http://www.w3.org/2001/XMLSchema-instance";
    public static readonly XNamespace Schema = "http://www.w3.org/2001/XMLSchema";

    /// <summary>The description inside a request's entry: the element under <c>entry/content</c>.</summary>
    /// <exception cref="FormatException">The body is not XML, or not an entry with content.</exception>
    public static XElement DescriptionOf(string body)
    {
        XDocument document;
        try
        {
            document = XDocument.Parse(body); // DTDs are refused by default: no entity expansion
        }
        catch (System.Xml.XmlException exception)
        {
            throw new FormatException($"The body is not XML: {exception.Message}", exception);
        }

        return document.Root?.Element(Atom + "content")?.Elements().FirstOrDefault()
            ?? throw new FormatException("The body is not an Atom entry with a description in its content.");
    }

    public static XElement Entry(Uri self, string title, XElement description) => new(
        Atom + "entry",
        new XAttribute(XNamespace.Xmlns + "i", Instance),
        new XElement(Atom + "id", self.AbsoluteUri),
        new XElement(Atom + "title", new XAttribute("type", "text"), title),
        new XElement(Atom + "updated", Timestamp(DateTime.UtcNow)),
        new XElement(Atom + "content", new XAttribute("type", "application/xml"), description));

    public static XElement Feed(Uri self, IEnumerable<XElement> entries) => new(
        Atom + "feed",
        new XElement(Atom + "title", new XAttribute("type", "text"), self.AbsolutePath.Trim('/')),
        new XElement(Atom + "id", self.AbsoluteUri),
        new XElement(Atom + "updated", Timestamp(DateTime.UtcNow)),
        entries);

    /// <summary>The service's error document; the client shows <c>Detail</c> in its exception.</summary>
    public static XElement Error(int status, string detail) =>
        new("Error", new XElement("Code", status.ToString(CultureInfo.InvariantCulture)), new XElement("Detail", detail));

    public static XElement Element(string name, object value) => new(Connect + name, value);

    public static string Timestamp(DateTime value) => value.ToString("o", CultureInfo.InvariantCulture);
}
