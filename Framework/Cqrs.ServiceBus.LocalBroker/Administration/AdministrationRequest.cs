namespace Cqrs.ServiceBus.LocalBroker.Administration;

/// <summary>One management request, as read off the wire.</summary>
/// <param name="Method">GET, PUT or DELETE.</param>
/// <param name="Url">The request's URL: the path names the entity, the query carries api-version and paging.</param>
/// <param name="Authorization">The <c>Authorization</c> header: a SAS token naming its key (<c>skn=</c>).</param>
/// <param name="IsUpdate">True when the request has <c>If-Match</c>: the client's update of an existing entity.</param>
/// <param name="Body">The Atom entry of a PUT, or empty.</param>
internal sealed record AdministrationRequest(string Method, Uri Url, string? Authorization, bool IsUpdate, string Body);

/// <summary>A status and, but for a delete, an XML document (an entry, a feed or an error).</summary>
internal sealed record AdministrationResponse(int Status, System.Xml.Linq.XElement? Body);
